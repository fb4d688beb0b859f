/** The admin form's sport list, shared by the web form and the server's validation. */
export const SPORTS = [
  "NFL",
  "NBA",
  "MLB",
  "NHL",
  "NCAA Football",
  "NCAA Basketball",
  "Soccer",
  "Tennis",
  "Golf",
  "Boxing",
  "MMA",
  "F1",
  "NASCAR",
  "Cricket",
  "Rugby",
  "Hockey",
  "Basketball",
  "Football",
  "Mixed Sports",
] as const;

export type Sport = (typeof SPORTS)[number];

/** The tag that marks a question as a player prop. */
export const PLAYER_PROPS_TAG = "player_props";

export const QUESTION_STATUSES = ["draft", "published", "scheduled", "resolved"] as const;
export const QUESTION_TYPES = ["standard", "over_under", "custom"] as const;

/** Over/under questions are settled over/under; every other type A/B. */
export const OUTCOMES_BY_TYPE = {
  over_under: ["unresolved", "over", "under", "void"],
  standard: ["unresolved", "A", "B", "void"],
  custom: ["unresolved", "A", "B", "void"],
} as const satisfies Record<(typeof QUESTION_TYPES)[number], readonly string[]>;
