import type { SqlColumns } from "../../db/rows";
import type { questions, userPicks } from "../../db/schema";

export type ResolvedPick = SqlColumns<typeof userPicks, "choice"> & SqlColumns<typeof questions, "outcome">;

const WINNING_OUTCOMES = { yes: ["A", "over"], no: ["B", "under"] } as const;

export const pickResult = ({ choice, outcome }: ResolvedPick): "won" | "lost" | "void" =>
  outcome === "void" ? "void" : (WINNING_OUTCOMES[choice] as readonly string[]).includes(outcome) ? "won" : "lost";

/** Consecutive wins from the newest resolved pick until the first loss; a void neither extends nor breaks it. */
export const currentStreak = (newestFirst: ResolvedPick[]): number => {
  let streak = 0;
  for (const pick of newestFirst) {
    const result = pickResult(pick);
    if (result === "lost") break;
    if (result === "won") streak += 1;
  }
  return streak;
};
