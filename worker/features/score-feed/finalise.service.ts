import { and, asc, eq, lte } from "drizzle-orm";
import { CHALLENGE_WINDOW_MS, SCORE_FEED } from "../../config";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { questions, scoreFeedLinks } from "../../db/schema";
import { log } from "../../lib/log";
import { SCORE_FEED_ACTOR } from "../admin-audit/admin-audit";
import { setOutcome } from "../settlement/outcome.service";
import type { SettleResult } from "../settlement/settlement.service";
import { releaseClaim } from "./links.service";

const l = scoreFeedLinks;

/**
 * The one state change that lets a run finalise a proposal: only the run whose UPDATE changed the row goes on to set
 * the outcome, so two runs at once (or a retried one) settle once. A challenge that came first has moved the state on.
 */
const claim = async (d1: D1Database, questionId: string, now: number) => {
  const [won] = await createDb(d1)
    .update(l)
    .set({ state: "final", finalizedAt: now, updatedAt: now })
    .where(and(eq(l.questionId, questionId), eq(l.state, "proposed"), lte(l.finalAt, now)))
    .returning({
      proposedOutcome: l.proposedOutcome,
      eventStatus: l.eventStatus,
      homeScore: l.homeScore,
      awayScore: l.awayScore,
      homeTeam: l.homeTeam,
      awayTeam: l.awayTeam,
    });
  return won ?? null;
};

type Won = NonNullable<Awaited<ReturnType<typeof claim>>>;

const isUnresolved = async (d1: D1Database, questionId: string) => {
  const [row] = await createDb(d1)
    .select({ outcome: questions.outcome })
    .from(questions)
    .where(eq(questions.id, questionId));
  return row?.outcome === "unresolved";
};

const reasonOf = (won: Won) => {
  const result =
    won.eventStatus === "final"
      ? `final score ${won.homeTeam} ${won.homeScore}–${won.awayScore} ${won.awayTeam}`
      : `event ${won.eventStatus}`;
  return `Score feed: ${result}; not challenged within ${CHALLENGE_WINDOW_MS / 60_000} minutes`;
};

export type Finalised = { questionId: string; result: SettleResult };
export type FinaliseSummary = { due: number; finalised: number; superseded: number; failed: number };

/**
 * Makes every unchallenged proposal whose window has passed the question's outcome, through setOutcome (the admin's
 * own path: settlement, versions, the audit log, here by the score feed). A question an admin resolved by hand in the
 * meantime keeps the admin's outcome.
 */
export const finaliseDue = async (
  data: DataContext,
  now: number,
  onFinal: (done: Finalised) => Promise<void>,
): Promise<FinaliseSummary> => {
  const d1 = data.catalogue;
  const due = await createDb(d1)
    .select({ questionId: l.questionId })
    .from(l)
    .where(and(eq(l.state, "proposed"), lte(l.finalAt, now)))
    .orderBy(asc(l.finalAt))
    .limit(SCORE_FEED.finalsPerRun);
  const summary: FinaliseSummary = { due: due.length, finalised: 0, superseded: 0, failed: 0 };
  for (const { questionId } of due) {
    const won = await claim(d1, questionId, now);
    if (!won?.proposedOutcome) continue;
    if (!(await isUnresolved(d1, questionId))) {
      summary.superseded += 1;
      log("info", "score_feed_superseded", { questionId });
      continue;
    }
    let result: SettleResult;
    try {
      result = await setOutcome(data, {
        questionId,
        outcome: won.proposedOutcome,
        actor: SCORE_FEED_ACTOR,
        now,
        reason: reasonOf(won),
      });
    } catch (error) {
      // Stored but not yet settled stays final (the settlement cron finishes it); not stored goes back to proposed.
      summary.failed += 1;
      log("error", "score_feed_finalise_failed", { questionId, error: String(error) });
      await releaseClaim(d1, questionId, "proposed");
      continue;
    }
    summary.finalised += 1;
    await onFinal({ questionId, result });
  }
  return summary;
};
