import { formatCredits, formatPlural } from "../../lib/format";
import type { MyPickRow } from "./picks-queries";

type Settled = Pick<MyPickRow, "status" | "updatedAt" | "actualPayout"> & { question: { title: string } };

/** Picks settled after `since`, oldest first: what the player has not been told yet. */
export const settledAfter = <P extends Settled>(picks: P[], since: number) =>
  picks.filter((pick) => pick.status !== "active" && pick.updatedAt > since).sort((a, b) => a.updatedAt - b.updatedAt);

export type SettledNews = {
  /** A win is celebrated; losses and voids alone are told quietly. */
  tone: "win" | "quiet";
  title: string;
  lines: string[];
};

/**
 * What to say about picks settled while the player watched (`away` false: one pick at a time, as results come in)
 * or while they were away (everything since their last visit, in one summary).
 */
export const settledNews = (picks: Settled[], away: boolean): SettledNews | null => {
  const wins = picks.filter((pick) => pick.status === "won");
  const losses = picks.filter((pick) => pick.status === "lost");
  const voids = picks.filter((pick) => pick.status === "void");
  const winnings = wins.reduce((sum, pick) => sum + pick.actualPayout, 0);
  const [only] = picks;
  if (!only) return null;
  if (!away && picks.length === 1) {
    if (only.status === "won")
      return { tone: "win", title: `You won ${formatCredits(winnings)}!`, lines: [only.question.title] };
    if (only.status === "lost") return { tone: "quiet", title: "Not this time", lines: [only.question.title] };
    return {
      tone: "quiet",
      title: `${formatCredits(only.actualPayout)} refunded`,
      lines: [`${only.question.title} was voided.`],
    };
  }
  const lines = [
    wins.length > 0 ? `${formatPlural(wins.length, "pick")} won: +${formatCredits(winnings)}` : "",
    losses.length > 0 ? `${formatPlural(losses.length, "pick")} lost` : "",
    voids.length > 0 ? `${formatPlural(voids.length, "pick")} voided and refunded` : "",
  ].filter(Boolean);
  const title = away
    ? "While you were away"
    : wins.length > 0
      ? `You won ${formatCredits(winnings)}!`
      : "Results are in";
  return { tone: wins.length > 0 ? "win" : "quiet", title, lines };
};
