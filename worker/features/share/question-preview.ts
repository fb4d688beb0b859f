import type { QuestionCard } from "./share.service";

const OUTCOME_WORDS = { over: "Over", under: "Under" } as const;

/** The result in the question's own words (option A's label for A), or null while there is none (or it was voided). */
export const resultLabel = (card: QuestionCard) => {
  const { outcome } = card;
  if (outcome === "unresolved" || outcome === "void") return null;
  if (outcome === "A") return card.answerOptionA;
  if (outcome === "B") return card.answerOptionB;
  return OUTCOME_WORDS[outcome];
};

/** A question's link preview text: its options while open, its result once set. */
export const questionDescription = (card: QuestionCard) => {
  const category = card.category ? `${card.category} · ` : "";
  if (card.outcome === "void") return `${category}Voided: every pick was refunded. Free sports picks on Pickstreak.`;
  const result = resultLabel(card);
  return result === null
    ? `${category}${card.answerOptionA} or ${card.answerOptionB}? Make your pick on Pickstreak: free sports picks, build your streak.`
    : `${category}Result: ${result}. See how the crowd picked on Pickstreak.`;
};
