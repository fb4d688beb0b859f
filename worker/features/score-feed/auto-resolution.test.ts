import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHALLENGE_WINDOW_MS, SCORE_FEED } from "../../config";
import { EVERY_MINUTE, runScheduled } from "../../cron/schedule";
import { resolveFromScoreFeed } from "../../cron/resolve-score-feed";
import { pickState, questionState } from "../../test/admin";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { createPlayer, placePick, sumOverShards } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import {
  addEvent,
  cancelEvent,
  clearFeedLinks,
  closePicking,
  feedEnv,
  feedLink,
  finishEvent,
  postponeEvent,
  setPayloadMode,
  useFakeScoreFeed,
  linkToEvent,
  type FakeScoreFeed,
} from "../../test/score-feed";
import { signedInAdmin } from "../../test/sessions";

let feed: FakeScoreFeed;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeEach(async () => {
  feed = useFakeScoreFeed();
  admin = await signedInAdmin();
  await clearFeedLinks();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Setup = { questionType?: "standard" | "over_under"; sideA?: "home" | "away"; line?: number };

/** A question linked to a fresh event, with a picker on each side (balance 100, cost 3), picking closed. */
const linkedQuestion = async ({ questionType = "standard", sideA = "home", line = 2.5 }: Setup = {}) => {
  const event = addEvent(feed.store, { sport: "Soccer", home: "Arsenal", away: "Chelsea" });
  const overUnder = questionType === "over_under";
  const questionId = await insertQuestion({
    creditCost: 3,
    questionType,
    ...(overUnder ? { answerOptionA: "Over", answerOptionB: "Under" } : {}),
  });
  await linkToEvent(admin.bearer, questionId, event.id, overUnder ? { line } : { sideA });
  const onA = await createPlayer(100);
  const onB = await createPlayer(100);
  const picks = { a: await placePick(onA, questionId, "yes"), b: await placePick(onB, questionId, "no") };
  await closePicking(questionId);
  return { questionId, eventId: event.id, players: { a: onA, b: onB }, picks };
};

const cron = (now = Date.now()) => resolveFromScoreFeed(dataContext(feedEnv), now, feedEnv);

describe("proposals from the score feed", () => {
  it("waits while the event runs, proposes the winner's option when final, and settles nothing until the window has passed", async () => {
    const { questionId, eventId, players } = await linkedQuestion({ sideA: "away" });
    await cron();
    expect(await feedLink(questionId)).toMatchObject({ state: "waiting", proposed_outcome: null });

    finishEvent(feed.store, eventId, 1, 3);
    const proposedAt = Date.now();
    const first = await cron(proposedAt);
    expect(first.polled).toMatchObject({ steps: { proposed: 1 }, changedQuestions: [questionId] });
    const link = await feedLink(questionId);
    expect(link).toMatchObject({
      state: "proposed",
      proposed_outcome: "A",
      home_score: 1,
      away_score: 3,
      event_status: "final",
    });
    expect(link!.final_at).toBe(proposedAt + CHALLENGE_WINDOW_MS);

    // Just before the window ends nothing is final and nobody is paid.
    await cron(link!.final_at! - 1);
    expect(await feedLink(questionId)).toMatchObject({ state: "proposed" });
    expect(await questionState(questionId)).toMatchObject({ outcome: "unresolved", settlement_version: 0 });
    expect(await balanceOf(players.a)).toBe(97);

    const done = await cron(link!.final_at!);
    expect(done.finalised).toEqual({ due: 1, finalised: 1, superseded: 0, failed: 0 });
    expect(await feedLink(questionId)).toMatchObject({ state: "final", finalized_at: link!.final_at });
    expect(await questionState(questionId)).toEqual({
      status: "resolved",
      outcome: "A",
      settlement_version: 1,
      settled_version: 1,
    });
    expect([await balanceOf(players.a), await balanceOf(players.b)]).toEqual([103, 97]);
    await expectLedgerClean();
  });

  it("reads over/under against the line: over above it, under below it, void on a whole line hit exactly", async () => {
    const cases = [
      { line: 2.5, score: [3, 1], outcome: "over" },
      { line: 4.5, score: [3, 1], outcome: "under" },
      { line: 4, score: [3, 1], outcome: "void" },
    ] as const;
    for (const { line, score, outcome } of cases) {
      const { questionId, eventId } = await linkedQuestion({ questionType: "over_under", line });
      finishEvent(feed.store, eventId, score[0], score[1]);
      await cron();
      expect(await feedLink(questionId), `line ${line}`).toMatchObject({
        state: "proposed",
        proposed_outcome: outcome,
      });
    }
  });

  it("voids a drawn winner question and refunds every pick once final", async () => {
    const { questionId, eventId, players } = await linkedQuestion();
    finishEvent(feed.store, eventId, 2, 2);
    await cron();
    expect(await feedLink(questionId)).toMatchObject({ proposed_outcome: "void" });
    await cron(Date.now() + CHALLENGE_WINDOW_MS);
    expect([await balanceOf(players.a), await balanceOf(players.b)]).toEqual([100, 100]);
    await expectLedgerClean();
  });

  it("voids postponed and cancelled events, refunding every pick through setOutcome", async () => {
    for (const end of [postponeEvent, cancelEvent]) {
      const { questionId, eventId, players, picks } = await linkedQuestion({ questionType: "over_under" });
      end(feed.store, eventId);
      await cron();
      expect(await feedLink(questionId)).toMatchObject({
        state: "proposed",
        proposed_outcome: "void",
        home_score: null,
      });
      await cron(Date.now() + CHALLENGE_WINDOW_MS);
      expect(await questionState(questionId)).toMatchObject({ status: "resolved", outcome: "void" });
      expect(await pickState(picks.a)).toMatchObject({ status: "void", actual_payout: 3 });
      expect([await balanceOf(players.a), await balanceOf(players.b)]).toEqual([100, 100]);
    }
    await expectLedgerClean();
  });

  it("records the final outcome in the audit log as the score feed's, with no admin", async () => {
    const { questionId, eventId } = await linkedQuestion();
    finishEvent(feed.store, eventId, 3, 1);
    await cron();
    await cron(Date.now() + CHALLENGE_WINDOW_MS);
    const entry = await env.DB.prepare(
      "SELECT admin_id, actor, action, reason, after FROM admin_audit_log WHERE entity_id = ? AND action = 'outcome'",
    )
      .bind(questionId)
      .first<{ admin_id: string | null; actor: string; action: string; reason: string; after: string }>();
    expect(entry).toMatchObject({ admin_id: null, actor: "score_feed" });
    expect(entry!.reason).toBe("Score feed: final score Arsenal 3–1 Chelsea; not challenged within 30 minutes");
    expect(JSON.parse(entry!.after)).toMatchObject({ outcome: "A", status: "resolved" });
  });

  it("is a job of the every-minute cron", async () => {
    const { questionId, eventId } = await linkedQuestion();
    finishEvent(feed.store, eventId, 0, 1);
    const outcomes = await runScheduled(EVERY_MINUTE, feedEnv);
    expect(outcomes.resolveFromScoreFeed).toMatchObject({ polled: { steps: { proposed: 1 } } });
    expect(await feedLink(questionId)).toMatchObject({ state: "proposed", proposed_outcome: "B" });
  });
});

describe("finalising exactly once", () => {
  it("pays once when two runs finalise at the same time, and a retried run moves nothing", async () => {
    const { questionId, eventId, players } = await linkedQuestion();
    finishEvent(feed.store, eventId, 2, 0);
    await cron();
    const later = Date.now() + CHALLENGE_WINDOW_MS;
    const runs = await Promise.all([cron(later), cron(later), cron(later)]);
    expect(runs.reduce((sum, run) => sum + run.finalised.finalised, 0)).toBe(1);
    expect((await cron(later + 60_000)).finalised).toMatchObject({ due: 0, finalised: 0 });

    expect(await questionState(questionId)).toMatchObject({ outcome: "A", settlement_version: 1, settled_version: 1 });
    const payouts = await sumOverShards(
      "SELECT count(*) FROM credit_transactions WHERE question_id = ? AND transaction_type = 'pick_payout'",
      questionId,
    );
    expect(payouts).toBe(1);
    const outcomeEntries = await env.DB.prepare(
      "SELECT count(*) AS n FROM admin_audit_log WHERE entity_id = ? AND action = 'outcome'",
    )
      .bind(questionId)
      .first<{ n: number }>();
    expect(outcomeEntries?.n).toBe(1);
    expect([await balanceOf(players.a), await balanceOf(players.b)]).toEqual([103, 97]);
    await expectLedgerClean();
  });

  it("keeps an outcome an admin set by hand during the window", async () => {
    const { questionId, eventId } = await linkedQuestion();
    finishEvent(feed.store, eventId, 2, 0);
    await cron();
    await env.DB.prepare(
      "UPDATE questions SET outcome = 'void', status = 'resolved', settlement_version = 1 WHERE id = ?",
    )
      .bind(questionId)
      .run();
    const run = await cron(Date.now() + CHALLENGE_WINDOW_MS);
    expect(run.finalised).toMatchObject({ finalised: 0, superseded: 1 });
    expect(await questionState(questionId)).toMatchObject({ outcome: "void", settlement_version: 1 });
  });
});

describe("a feed that changes its mind", () => {
  it("replaces a proposal still in its window and starts the window again", async () => {
    const { questionId, eventId } = await linkedQuestion();
    finishEvent(feed.store, eventId, 2, 1);
    await cron();
    finishEvent(feed.store, eventId, 1, 2);
    const again = Date.now() + 60_000;
    const run = await cron(again);
    expect(run.polled).toMatchObject({ steps: { reproposed: 1 } });
    expect(await feedLink(questionId)).toMatchObject({
      state: "proposed",
      proposed_outcome: "B",
      home_score: 1,
      away_score: 2,
      final_at: again + CHALLENGE_WINDOW_MS,
    });
  });

  it("raises one alert for a correction after the outcome is final, and moves no credits", async () => {
    const { questionId, eventId, players } = await linkedQuestion();
    finishEvent(feed.store, eventId, 2, 1);
    await cron();
    await cron(Date.now() + CHALLENGE_WINDOW_MS);
    const paid = [await balanceOf(players.a), await balanceOf(players.b)];
    const ledgerRows = () =>
      sumOverShards("SELECT count(*) FROM credit_transactions WHERE question_id = ?", questionId);
    const rowsBefore = await ledgerRows();

    finishEvent(feed.store, eventId, 1, 2);
    const run = await cron(Date.now() + CHALLENGE_WINDOW_MS + 60_000);
    expect(run.polled).toMatchObject({ steps: { alerted: 1 } });
    await cron(Date.now() + CHALLENGE_WINDOW_MS + 120_000);

    const alerts = await env.DB.prepare(
      "SELECT before, after, dismissed_at FROM score_feed_alerts WHERE question_id = ?",
    )
      .bind(questionId)
      .all<{ before: string; after: string }>();
    expect(alerts.results).toHaveLength(1);
    expect(JSON.parse(alerts.results[0]!.before)).toEqual({
      eventStatus: "final",
      homeScore: 2,
      awayScore: 1,
      outcome: "A",
    });
    expect(JSON.parse(alerts.results[0]!.after)).toEqual({
      eventStatus: "final",
      homeScore: 1,
      awayScore: 2,
      outcome: "B",
    });
    expect(await questionState(questionId)).toMatchObject({ outcome: "A", settlement_version: 1 });
    expect(await feedLink(questionId)).toMatchObject({ state: "final", home_score: 2, away_score: 1 });
    expect([await balanceOf(players.a), await balanceOf(players.b)]).toEqual(paid);
    expect(await ledgerRows()).toBe(rowsBefore);
    await expectLedgerClean();
  });
});

describe("a feed that cannot be read", () => {
  it("skips events that do not validate, writes nothing, and proposes once the feed is readable again", async () => {
    const { questionId, eventId } = await linkedQuestion();
    finishEvent(feed.store, eventId, 3, 0);
    setPayloadMode(feed.store, "bad-events");
    const broken = await cron();
    expect(broken.polled).toMatchObject({ polled: 1, steps: { missing: 1 } });
    expect(await feedLink(questionId)).toMatchObject({
      state: "waiting",
      proposed_outcome: null,
      event_status: "scheduled",
    });

    setPayloadMode(feed.store, "bad-answer");
    const unreadable = await cron();
    expect(unreadable.polled).toMatchObject({ unavailable: "invalid_answer" });
    expect(await feedLink(questionId)).toMatchObject({ state: "waiting" });

    setPayloadMode(feed.store, "valid");
    await cron();
    expect(await feedLink(questionId)).toMatchObject({ state: "proposed", proposed_outcome: "A" });
  });

  it("asks the feed once per run for every linked question due, and never before picking has closed", async () => {
    const open = addEvent(feed.store, { sport: "NBA", home: "Lakers", away: "Celtics" });
    const openQuestion = await insertQuestion();
    await linkToEvent(admin.bearer, openQuestion, open.id, { sideA: "home" });
    await linkedQuestion();
    await linkedQuestion();
    feed.requests.length = 0;
    await cron();
    expect(feed.requests).toHaveLength(1);
    expect(feed.requests[0]!.searchParams.get("ids")?.split(",")).toHaveLength(2);
    expect(feed.requests[0]!.searchParams.get("ids")).not.toContain(open.id);
  });

  it("puts new results before final ones it only watches for corrections, within the run's bound", async () => {
    const watched = Date.now();
    for (let i = 0; i < SCORE_FEED.linksPerRun + 1; i += 1) {
      const id = await insertQuestion({ outcome: "A", status: "resolved" });
      await env.DB.prepare(
        `INSERT INTO score_feed_links (question_id, event_id, home_team, away_team, starts_at, side_a, state, event_status, home_score,
           away_score, proposed_outcome, proposed_at, final_at, finalized_at, created_at, updated_at)
         VALUES (?1, 'nfl-chiefs-bills', 'Chiefs', 'Bills', 0, 'home', 'final', 'final', 1, 0, 'A', ?2, ?2, ?2, ?2, ?2)`,
      )
        .bind(id, watched)
        .run();
    }
    const { questionId, eventId } = await linkedQuestion();
    // The new question was checked while its event ran; the watched ones were checked longer ago.
    await cron();
    await env.DB.prepare("UPDATE score_feed_links SET checked_at = ? WHERE state = 'final'")
      .bind(watched - 60_000)
      .run();
    finishEvent(feed.store, eventId, 1, 0);
    const run = await cron();
    expect(run.polled).toMatchObject({ polled: SCORE_FEED.linksPerRun, steps: { proposed: 1 } });
    expect(await feedLink(questionId)).toMatchObject({ state: "proposed" });
  });

  it("is off without a configured feed, yet still finalises proposals already made", async () => {
    const { questionId, eventId } = await linkedQuestion();
    finishEvent(feed.store, eventId, 1, 0);
    await cron();
    const off = await resolveFromScoreFeed(dataContext(env), Date.now() + CHALLENGE_WINDOW_MS, env);
    expect(off).toMatchObject({ polled: "off", finalised: { finalised: 1 } });
    expect(await questionState(questionId)).toMatchObject({ outcome: "A" });
  });
});
