import type { Question } from "../feed/feed-queries";

export type AutoResolution = NonNullable<Question["autoResolution"]>;
type Options = { answerOptionA: string; answerOptionB: string };

const MINUTE = 60_000;
const OUTCOME_LABELS: Record<string, string> = { over: "Over", under: "Under", void: "Void" };

/** The proposed outcome in the question's own words: option A's label for A, "Over" for over. */
export const outcomeLabel = (outcome: string, options: Options) =>
  outcome === "A"
    ? options.answerOptionA
    : outcome === "B"
      ? options.answerOptionB
      : (OUTCOME_LABELS[outcome] ?? outcome);

/** "Final in 28 min", counting whole minutes down, then "Final in less than a minute". */
export const finalInText = (finalAt: number, now: number) => {
  const minutes = Math.floor((finalAt - now) / MINUTE);
  return minutes >= 1 ? `Final in ${minutes} min` : "Final in less than a minute";
};

/** The feed's data the proposal rests on: the final score (home–away), or why the event has none. */
export const scoreText = (feed: Pick<AutoResolution, "eventStatus" | "homeScore" | "awayScore">) => {
  if (feed.eventStatus === "postponed") return "Event postponed";
  if (feed.eventStatus === "cancelled") return "Event cancelled";
  if (feed.homeScore === null || feed.awayScore === null) return null;
  return `${feed.eventStatus === "final" ? "Final score" : "Score"} ${feed.homeScore}–${feed.awayScore}`;
};

/** A player who picked may challenge while the window lasts, once. */
export const canChallenge = (feed: AutoResolution, picked: boolean, now: number) =>
  picked &&
  !feed.challengedByMe &&
  (feed.state === "proposed" || feed.state === "challenged") &&
  feed.finalAt !== null &&
  feed.finalAt > now;

/** Whether the result panel replaces the card's choices: a proposal in its window or under review. */
export const isPending = (feed: AutoResolution | null): feed is AutoResolution =>
  feed?.state === "proposed" || feed?.state === "challenged";
