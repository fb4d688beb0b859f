import { and, asc, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import { CHALLENGE_WINDOW_MS, SCORE_FEED } from "../../config";
import { createDb } from "../../db/client";
import { questions, scoreFeedAlerts, scoreFeedLinks } from "../../db/schema";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { ScoreFeedUnavailable, type FeedEvent, type ScoreFeedProvider } from "./provider";
import { outcomeFrom, resultSignature, sameResult, type FeedResult } from "./rule";
import type { Outcome } from "../settlement/settle-pick";

const l = scoreFeedLinks;

/**
 * The links worth asking the feed about: waiting ones once picking has closed (the event has started) and nobody has
 * set the outcome by hand, every proposal and challenge, and final ones for a day, which only watch for corrections
 * and so come after the others. Within each, the least recently checked first.
 */
const linksToPoll = (d1: D1Database, now: number) =>
  createDb(d1)
    .select({
      questionId: l.questionId,
      eventId: l.eventId,
      state: l.state,
      sideA: l.sideA,
      line: l.line,
      eventStatus: l.eventStatus,
      homeScore: l.homeScore,
      awayScore: l.awayScore,
      proposedOutcome: l.proposedOutcome,
      questionType: questions.questionType,
    })
    .from(l)
    .innerJoin(questions, eq(questions.id, l.questionId))
    .where(
      or(
        and(eq(l.state, "waiting"), eq(questions.outcome, "unresolved"), lte(questions.deadline, now)),
        inArray(l.state, ["proposed", "challenged"]),
        and(eq(l.state, "final"), gt(l.finalizedAt, now - SCORE_FEED.watchAfterFinalMs)),
      ),
    )
    .orderBy(sql`${l.state} = 'final'`, sql`${l.checkedAt} IS NOT NULL`, asc(l.checkedAt))
    .limit(SCORE_FEED.linksPerRun);

type PolledLink = Awaited<ReturnType<typeof linksToPoll>>[number];
export type PollStep = "unchanged" | "proposed" | "reproposed" | "withdrawn" | "alerted" | "missing";

const basisOf = (link: PolledLink): FeedResult => ({
  eventStatus: link.eventStatus,
  homeScore: link.homeScore,
  awayScore: link.awayScore,
});

/** The link's state still rests on the data it was read with: the guard of every change that replaces it. */
const unchangedSince = (link: PolledLink) =>
  and(
    eq(l.questionId, link.questionId),
    eq(l.state, link.state),
    eq(l.eventStatus, link.eventStatus),
    sql`${l.homeScore} IS ${link.homeScore}`,
    sql`${l.awayScore} IS ${link.awayScore}`,
  );

const touch = (d1: D1Database, questionId: string, now: number) =>
  createDb(d1).update(l).set({ checkedAt: now }).where(eq(l.questionId, questionId));

/** A new proposal (or a replaced one) opens a full challenge window. */
const propose = (d1: D1Database, link: PolledLink, seen: FeedResult, outcome: Outcome, now: number) =>
  createDb(d1)
    .update(l)
    .set({
      state: "proposed",
      proposedOutcome: outcome,
      ...seen,
      proposedAt: now,
      finalAt: now + CHALLENGE_WINDOW_MS,
      checkedAt: now,
      updatedAt: now,
    })
    .where(unchangedSince(link));

/** A waiting link keeps the event's latest data; a proposal whose event is no longer over goes back to waiting. */
const wait = (d1: D1Database, link: PolledLink, seen: FeedResult, now: number) =>
  createDb(d1)
    .update(l)
    .set({
      state: "waiting",
      proposedOutcome: null,
      proposedAt: null,
      finalAt: null,
      ...seen,
      checkedAt: now,
      updatedAt: now,
    })
    .where(unchangedSince(link));

/** After a challenge or a final outcome the feed's new data only reaches an admin: it never moves credits. */
const alert = (d1: D1Database, link: PolledLink, seen: FeedResult, now: number) => {
  const db = createDb(d1);
  const before = { ...basisOf(link), outcome: link.proposedOutcome };
  const after = { ...seen, outcome: outcomeFrom(seen, link, link.questionType) };
  return db.batch([
    db
      .insert(scoreFeedAlerts)
      .values({
        id: newId(),
        questionId: link.questionId,
        eventId: link.eventId,
        signature: resultSignature(seen),
        before,
        after,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [scoreFeedAlerts.questionId, scoreFeedAlerts.signature] }),
    touch(d1, link.questionId, now),
  ]);
};

const changes = (result: D1Result) => result.meta.changes > 0;

/** What the feed's data means for one link, each change guarded so a concurrent run or challenge is never overwritten. */
const applyEvent = async (d1: D1Database, link: PolledLink, event: FeedEvent, now: number): Promise<PollStep> => {
  const seen: FeedResult = { eventStatus: event.status, homeScore: event.homeScore, awayScore: event.awayScore };
  const unchanged = sameResult(seen, basisOf(link));
  if (link.state === "challenged" || link.state === "final") {
    if (unchanged) return touch(d1, link.questionId, now).then(() => "unchanged");
    const [inserted] = await alert(d1, link, seen, now);
    if (!inserted || !changes(inserted)) return "unchanged";
    // Once per correction, beside the count on the admin's Challenges tab: a line a log alert can page someone with.
    log("warn", "score_feed_alert", { questionId: link.questionId, eventId: link.eventId, status: seen.eventStatus });
    return "alerted";
  }
  if (link.state === "proposed" && unchanged) return touch(d1, link.questionId, now).then(() => "unchanged");
  const outcome = outcomeFrom(seen, link, link.questionType);
  if (outcome) {
    const proposed = changes(await propose(d1, link, seen, outcome, now));
    return proposed ? (link.state === "proposed" ? "reproposed" : "proposed") : "unchanged";
  }
  const waited = changes(await wait(d1, link, seen, now));
  return waited && link.state === "proposed" ? "withdrawn" : "unchanged";
};

export type PollSummary = {
  polled: number;
  steps: Partial<Record<PollStep, number>>;
  changedQuestions: string[];
  unavailable?: string;
};

/** One bounded pass: one request to the feed for every link due, then each link's own guarded change. */
export const pollScoreFeed = async (d1: D1Database, provider: ScoreFeedProvider, now: number): Promise<PollSummary> => {
  const links = await linksToPoll(d1, now);
  const summary: PollSummary = { polled: links.length, steps: {}, changedQuestions: [] };
  if (links.length === 0) return summary;
  let events: Map<string, FeedEvent>;
  try {
    events = new Map(
      (await provider.events([...new Set(links.map((link) => link.eventId))])).map((event) => [event.id, event]),
    );
  } catch (error) {
    if (!(error instanceof ScoreFeedUnavailable)) throw error;
    log("warn", "score_feed_unavailable", { reason: error.reason });
    return { ...summary, unavailable: error.reason };
  }
  for (const link of links) {
    const event = events.get(link.eventId);
    let step: PollStep = "missing";
    if (event) step = await applyEvent(d1, link, event, now);
    else {
      log("warn", "score_feed_event_missing", { questionId: link.questionId, eventId: link.eventId });
      await touch(d1, link.questionId, now);
    }
    summary.steps[step] = (summary.steps[step] ?? 0) + 1;
    if (step === "proposed" || step === "reproposed" || step === "withdrawn")
      summary.changedQuestions.push(link.questionId);
  }
  return summary;
};
