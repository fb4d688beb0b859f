import { outcomeLabel } from "../../features/score-feed/result-text";

type Change = { previousOutcome: string; outcome: string };
type Options = { answerOptionA: string; answerOptionB: string };

/** One line of a question's settlement history, in the question's own words ("Corrected: Lakers to Celtics"). */
export const outcomeChangeText = (change: Change, options: Options) => {
  const label = (outcome: string) => outcomeLabel(outcome, options);
  if (change.outcome === "unresolved") return `Result withdrawn: ${label(change.previousOutcome)} no longer stands`;
  if (change.previousOutcome === "unresolved") return `Settled: ${label(change.outcome)}`;
  return `Corrected: ${label(change.previousOutcome)} to ${label(change.outcome)}`;
};
