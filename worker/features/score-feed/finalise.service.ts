import { and, asc, eq, lte } from "drizzle-orm";
import { CHALLENGE_WINDOW_MS, SCORE_FEED } from "../../config";
import { createDb } from "../../db/client";
import type { SqlColumns } from "../../db/rows";
import { questions, scoreFeedLinks } from "../../db/schema";
import { firstRow, typed } from "../../db/statement";
import { log } from "../../lib/log";
import { SCORE_FEED_ACTOR } from "../admin-audit/admin-audit";
import { setOutcome } from "../settlement/outcome.service";
import type { SettleResult } from "../settlement/settlement.service";
import { releaseClaim } from "./links.service";

type Won = SqlColumns<typeof scoreFeedLinks, "proposed_outcome" | "event_status" | "home_score" | "away_score" | "home_team" | "away_team">;

/**
 * The one state change that lets a run finalise a proposal: only the run whose UPDATE changed the row goes on to set
 * the outcome, so two runs at once (or a retried one) settle once. A challenge that came first has moved the state on.
 */
const claim = (d1: D1Database, questionId: string, now: number) =>
  firstRow(
    typed<Won>(
      d1
        .prepare(
          `UPDATE score_feed_links SET state = 'final', finalized_at = ?1, updated_at = ?1
           WHERE question_id = ?2 AND state = 'proposed' AND final_at <= ?1
           RETURNING proposed_outcome, event_status, home_score, away_score, home_team, away_team`,
        )
        .bind(now, questionId),
    ),
  );

const isUnresolved = async (d1: D1Database, questionId: string) => {
  const [row] = await createDb(d1).select({ outcome: questions.outcome }).from(questions).where(eq(questions.id, questionId));
  return row?.outcome === "unresolved";
};

const reasonOf = (won: Won) => {
  const result =
    won.event_status === "final" ? `final score ${won.home_team} ${won.home_score}–${won.away_score} ${won.away_team}` : `event ${won.event_status}`;
  return `Score feed: ${result}; not challenged within ${CHALLENGE_WINDOW_MS / 60_000} minutes`;
};

export type Finalised = { questionId: string; result: SettleResult };
export type FinaliseSummary = { due: number; finalised: number; superseded: number; failed: number };

/**
 * Makes every unchallenged proposal whose window has passed the question's outcome, through setOutcome (the admin's
 * own path: settlement, versions, the audit log, here by the score feed). A question an admin resolved by hand in the
 * meantime keeps the admin's outcome.
 */
export const finaliseDue = async (env: Env, now: number, onFinal: (done: Finalised) => Promise<void>): Promise<FinaliseSummary> => {
  const d1 = env.DB;
  const due = await createDb(d1)
    .select({ questionId: scoreFeedLinks.questionId })
    .from(scoreFeedLinks)
    .where(and(eq(scoreFeedLinks.state, "proposed"), lte(scoreFeedLinks.finalAt, now)))
    .orderBy(asc(scoreFeedLinks.finalAt))
    .limit(SCORE_FEED.finalsPerRun);
  const summary: FinaliseSummary = { due: due.length, finalised: 0, superseded: 0, failed: 0 };
  for (const { questionId } of due) {
    const won = await claim(d1, questionId, now);
    if (!won?.proposed_outcome) continue;
    if (!(await isUnresolved(d1, questionId))) {
      summary.superseded += 1;
      log("info", "score_feed_superseded", { questionId });
      continue;
    }
    let result: SettleResult;
    try {
      result = await setOutcome(env, { questionId, outcome: won.proposed_outcome, actor: SCORE_FEED_ACTOR, now, reason: reasonOf(won) });
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
