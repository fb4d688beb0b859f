import { and, eq, exists, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import { questions, scoreFeedLinks } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { AppError } from "../../lib/errors";
import { auditStatement } from "../admin-audit/admin-audit";
import type { ScoreFeedProvider } from "./provider";
import { ruleFits, type FeedRule } from "./rule";

type LinkInput = FeedRule & { questionId: string; eventId: string; adminId: string; now: number };

/** Only a link whose change happened is audited. */
const IF_CHANGED = { sql: "changes() > 0", params: [] };

export const OFF_MESSAGE = "Auto-resolution is off: no score feed is configured";
const MOVED_ON = () => new AppError("conflict", "The score feed has already proposed a result for this question");

const l = scoreFeedLinks;

/** A link as the admin's screens show it (the API's ScoreFeedLink). */
export const linkColumns = {
  questionId: l.questionId,
  eventId: l.eventId,
  sport: l.sport,
  homeTeam: l.homeTeam,
  awayTeam: l.awayTeam,
  startsAt: l.startsAt,
  sideA: l.sideA,
  line: l.line,
  state: l.state,
  eventStatus: l.eventStatus,
  homeScore: l.homeScore,
  awayScore: l.awayScore,
  proposedOutcome: l.proposedOutcome,
  proposedAt: l.proposedAt,
  finalAt: l.finalAt,
  finalizedAt: l.finalizedAt,
};

export const readLink = async (d1: D1Database, questionId: string) => {
  const [row] = await createDb(d1).select(linkColumns).from(l).where(eq(l.questionId, questionId));
  return row ?? null;
};

const readQuestion = async (d1: D1Database, questionId: string) => {
  const [row] = await createDb(d1)
    .select({ questionType: questions.questionType, outcome: questions.outcome })
    .from(questions)
    .where(eq(questions.id, questionId));
  if (!row) throw new AppError("not_found", "Question not found");
  return row;
};

const ruleOf = (link: {
  eventId: string;
  homeTeam: string;
  awayTeam: string;
  sideA: string | null;
  line: number | null;
}) => ({
  eventId: link.eventId,
  homeTeam: link.homeTeam,
  awayTeam: link.awayTeam,
  sideA: link.sideA,
  line: link.line,
});

/**
 * Links a question to a feed event with the rule of its type, or changes the link while nothing is proposed yet. The
 * event must be one the feed knows; its teams are kept for display.
 */
export const linkQuestion = async (d1: D1Database, provider: ScoreFeedProvider, input: LinkInput) => {
  const { questionId, eventId, adminId, now } = input;
  const question = await readQuestion(d1, questionId);
  if (question.outcome !== "unresolved") throw new AppError("rule_violation", "This question already has an outcome");
  const overUnder = question.questionType === "over_under";
  const rule: FeedRule = overUnder ? { sideA: null, line: input.line } : { sideA: input.sideA, line: null };
  if (!ruleFits(question.questionType, rule)) {
    throw overUnder
      ? new AppError("validation_failed", "Please give the line the total is measured against", { field: "line" })
      : new AppError("validation_failed", "Please say which side option A stands for", { field: "sideA" });
  }
  const before = await readLink(d1, questionId);
  if (before && before.state !== "waiting") throw MOVED_ON();
  const event = (await provider.events([eventId])).find((candidate) => candidate.id === eventId);
  if (!event) throw new AppError("validation_failed", "This event is not in the score feed", { field: "eventId" });

  const linked = {
    eventId,
    sport: event.sport,
    homeTeam: event.homeTeam,
    awayTeam: event.awayTeam,
    startsAt: event.startsAt,
    sideA: rule.sideA,
    line: rule.line,
    eventStatus: event.status,
    homeScore: event.homeScore,
    awayScore: event.awayScore,
  };
  const { upsert } = await batchNamed(d1, {
    upsert: writeStatement(
      d1,
      createDb(d1)
        .insert(l)
        .values({ questionId, ...linked, state: "waiting", createdBy: adminId, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: l.questionId,
          set: { ...linked, checkedAt: null, updatedAt: now },
          setWhere: eq(l.state, "waiting"),
        }),
    ),
    audit: auditStatement(
      d1,
      {
        adminId,
        action: "score_feed_link",
        entity: "question",
        entityId: questionId,
        before: before ? ruleOf(before) : null,
        after: ruleOf({ eventId, homeTeam: event.homeTeam, awayTeam: event.awayTeam, ...rule }),
        now,
      },
      IF_CHANGED,
    ),
  });
  if (upsert.meta.changes === 0) throw MOVED_ON();
  return readLink(d1, questionId);
};

/** Takes a question off the feed while nothing is proposed: its outcome is then an admin's to set. */
export const unlinkQuestion = async (d1: D1Database, questionId: string, adminId: string, now: number) => {
  const before = await readLink(d1, questionId);
  if (!before) throw new AppError("not_found", "This question is not linked to the score feed");
  const { removed } = await batchNamed(d1, {
    removed: writeStatement(
      d1,
      createDb(d1)
        .delete(l)
        .where(and(eq(l.questionId, questionId), eq(l.state, "waiting"))),
    ),
    audit: auditStatement(
      d1,
      {
        adminId,
        action: "score_feed_unlink",
        entity: "question",
        entityId: questionId,
        before: ruleOf(before),
        after: null,
        now,
      },
      IF_CHANGED,
    ),
  });
  if (removed.meta.changes === 0) throw MOVED_ON();
};

/**
 * Undoes a claim (the state moved to final before setOutcome) when the outcome was not stored, so the question goes
 * back to where it stood: the cron's next run, or the admin's queue, tries again.
 */
export const releaseClaim = async (d1: D1Database, questionId: string, backTo: "proposed" | "challenged") => {
  const db = createDb(d1);
  const unresolved = db
    .select({ one: sql`1` })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.outcome, "unresolved")));
  await db
    .update(l)
    .set({ state: backTo, finalizedAt: null })
    .where(and(eq(l.questionId, questionId), eq(l.state, "final"), exists(unresolved)));
};
