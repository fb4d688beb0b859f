import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHALLENGE_WINDOW_MS } from "../../config";
import { resolveFromScoreFeed } from "../../cron/resolve-score-feed";
import { questionState } from "../../test/admin";
import { apiClient, bodyAt } from "../../test/client";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import {
  addEvent,
  clearFeedLinks,
  closePicking,
  correctScore,
  feedEnv,
  feedLink,
  finishEvent,
  linkToEvent,
  setPayloadMode,
  useFakeScoreFeed,
  type FakeScoreFeed,
} from "../../test/score-feed";
import { signedInAdmin, signedInPlayer, type SignedInPlayer } from "../../test/sessions";

const runFeedCron = (now: number) => resolveFromScoreFeed(dataContext(feedEnv), now, feedEnv);

let feed: FakeScoreFeed;
let admin: SignedInPlayer;

beforeEach(async () => {
  feed = useFakeScoreFeed();
  admin = await signedInAdmin();
  await clearFeedLinks();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const adminFeed = (who: SignedInPlayer = admin, environment: Env = feedEnv) =>
  apiClient({ headers: who.bearer, env: environment }).admin["score-feed"];

const putLink = (
  questionId: string,
  json: { eventId: string; sideA?: "home" | "away" | null; line?: number | null },
  who = admin,
  environment = feedEnv,
) =>
  adminFeed(who, environment).links[":questionId"].$put({
    param: { questionId },
    json: { sideA: null, line: null, ...json },
  });

const errorOf = async (response: { status: number; json(): Promise<unknown> }) => ({
  status: response.status,
  body: (await response.json()) as { error: { code: string; message: string; field?: string } },
});

const auditOf = (questionId: string) =>
  env.DB.prepare(
    "SELECT admin_id, actor, action, reason, before, after FROM admin_audit_log WHERE entity_id = ? ORDER BY rowid",
  )
    .bind(questionId)
    .all<{
      admin_id: string | null;
      actor: string;
      action: string;
      reason: string | null;
      before: string | null;
      after: string | null;
    }>()
    .then((rows) => rows.results);

describe("the feed's events and a question's link", () => {
  it("lists upcoming events, links a winner question with option A's side, and relinks while waiting", async () => {
    const events = await bodyAt(await adminFeed().events.$get(), 200);
    expect(events.enabled).toBe(true);
    expect(events.events.length).toBeGreaterThanOrEqual(10);
    expect(events.events[0]).toMatchObject({
      id: "nba-lakers-celtics",
      homeTeam: "Los Angeles Lakers",
      awayTeam: "Boston Celtics",
      status: "scheduled",
      homeScore: null,
    });
    expect(events.events.map((event) => event.startsAt)).toEqual(
      [...events.events.map((event) => event.startsAt)].sort((a, b) => a - b),
    );

    const questionId = await insertQuestion();
    const linked = await bodyAt(await putLink(questionId, { eventId: "soccer-arsenal-chelsea", sideA: "away" }), 200);
    expect(linked.link).toMatchObject({
      questionId,
      eventId: "soccer-arsenal-chelsea",
      homeTeam: "Arsenal",
      awayTeam: "Chelsea",
      sideA: "away",
      line: null,
      state: "waiting",
    });
    const relinked = await bodyAt(await putLink(questionId, { eventId: "nba-knicks-heat", sideA: "home" }), 200);
    expect(relinked.link).toMatchObject({ eventId: "nba-knicks-heat", homeTeam: "New York Knicks", sideA: "home" });
    expect(await bodyAt(await adminFeed().links[":questionId"].$get({ param: { questionId } }), 200)).toMatchObject({
      enabled: true,
      link: { eventId: "nba-knicks-heat" },
    });
    const audit = await auditOf(questionId);
    expect(audit.map((entry) => entry.action)).toEqual(["score_feed_link", "score_feed_link"]);
    expect(JSON.parse(audit[1]!.before!)).toMatchObject({ eventId: "soccer-arsenal-chelsea", sideA: "away" });
  });

  it("needs the rule the question's type reads: option A's side, or a whole or half line for over/under", async () => {
    const winner = await insertQuestion();
    expect(await errorOf(await putLink(winner, { eventId: "nfl-chiefs-bills" }))).toEqual({
      status: 400,
      body: {
        error: { code: "validation_failed", message: "Please say which side option A stands for", field: "sideA" },
      },
    });
    const overUnder = await insertQuestion({ questionType: "over_under" });
    expect(
      (await errorOf(await putLink(overUnder, { eventId: "nfl-chiefs-bills", sideA: "home" }))).body.error.field,
    ).toBe("line");
    expect(await errorOf(await putLink(overUnder, { eventId: "nfl-chiefs-bills", line: 47.3 }))).toEqual({
      status: 400,
      body: {
        error: {
          code: "validation_failed",
          message: "Line must be a whole or half number from 0 to 10,000",
          field: "line",
        },
      },
    });
    expect(
      (await bodyAt(await putLink(overUnder, { eventId: "nfl-chiefs-bills", line: 47.5 }), 200)).link,
    ).toMatchObject({ line: 47.5, sideA: null });
    expect(await errorOf(await putLink(winner, { eventId: "no-such-event", sideA: "home" }))).toEqual({
      status: 400,
      body: { error: { code: "validation_failed", message: "This event is not in the score feed", field: "eventId" } },
    });
    expect((await errorOf(await putLink(winner, { eventId: "", sideA: "home" }))).body.error.message).toBe(
      "Please choose an event",
    );
    expect(
      (await errorOf(await putLink("no-such-question", { eventId: "nfl-chiefs-bills", sideA: "home" }))).status,
    ).toBe(404);
    const resolved = await insertQuestion({ outcome: "A", status: "resolved" });
    expect((await errorOf(await putLink(resolved, { eventId: "nfl-chiefs-bills", sideA: "home" }))).status).toBe(422);
  });

  it("is admin only", async () => {
    const player = await signedInPlayer();
    const questionId = await insertQuestion();
    expect((await adminFeed(player).events.$get()).status).toBe(403);
    expect((await putLink(questionId, { eventId: "nfl-chiefs-bills", sideA: "home" }, player)).status).toBe(403);
    expect((await adminFeed(player).challenges.$get()).status).toBe(403);
    expect((await apiClient({ env: feedEnv }).admin["score-feed"].events.$get()).status).toBe(401);
    expect(await feedLink(questionId)).toBeNull();
  });

  it("says auto-resolution is off without a configured feed, and answers 503 when the feed cannot be read", async () => {
    expect(await bodyAt(await adminFeed(admin, env).events.$get(), 200)).toEqual({ enabled: false, events: [] });
    const questionId = await insertQuestion();
    expect(
      await errorOf(await putLink(questionId, { eventId: "nfl-chiefs-bills", sideA: "home" }, admin, env)),
    ).toEqual({
      status: 503,
      body: { error: { code: "unavailable", message: "Auto-resolution is off: no score feed is configured" } },
    });
    setPayloadMode(feed.store, "bad-answer");
    expect(await errorOf(await adminFeed().events.$get())).toEqual({
      status: 503,
      body: { error: { code: "unavailable", message: "The score feed is not answering. Please try again later." } },
    });
  });

  it("unlinks while waiting, and refuses to relink or unlink once a result is proposed", async () => {
    const questionId = await insertQuestion();
    await bodyAt(await putLink(questionId, { eventId: "nfl-chiefs-bills", sideA: "home" }), 200);
    expect(await bodyAt(await adminFeed().links[":questionId"].$delete({ param: { questionId } }), 200)).toEqual({
      enabled: true,
      link: null,
    });
    expect((await errorOf(await adminFeed().links[":questionId"].$delete({ param: { questionId } }))).status).toBe(404);

    await bodyAt(await putLink(questionId, { eventId: "nfl-chiefs-bills", sideA: "home" }), 200);
    await closePicking(questionId);
    finishEvent(feed.store, "nfl-chiefs-bills", 24, 20);
    await runFeedCron(Date.now());
    const moved = {
      status: 409,
      body: { error: { code: "conflict", message: "The score feed has already proposed a result for this question" } },
    };
    expect(await errorOf(await putLink(questionId, { eventId: "nba-knicks-heat", sideA: "home" }))).toEqual(moved);
    expect(await errorOf(await adminFeed().links[":questionId"].$delete({ param: { questionId } }))).toEqual(moved);
    expect((await auditOf(questionId)).map((entry) => entry.action)).toEqual([
      "score_feed_link",
      "score_feed_unlink",
      "score_feed_link",
    ]);
  });
});

/** A challenged question: home side (option A) won 2–1, one player on each side, the A picker challenged. */
const challenged = async () => {
  const event = addEvent(feed.store, { sport: "Soccer", home: "Liverpool", away: "Manchester City" });
  const questionId = await insertQuestion({
    creditCost: 4,
    answerOptionA: "Liverpool",
    answerOptionB: "Manchester City",
  });
  await linkToEvent(admin.bearer, questionId, event.id, { sideA: "home" });
  const onA = await signedInPlayer(50);
  const onB = await signedInPlayer(50);
  await placePick(onA.userId, questionId, "yes");
  await placePick(onB.userId, questionId, "no");
  await closePicking(questionId);
  finishEvent(feed.store, event.id, 2, 1);
  await runFeedCron(Date.now());
  const challenge = await apiClient({ headers: onB.bearer })["score-feed"].challenges.$post({
    json: { questionId, reason: "City's equaliser was wrongly ruled offside" },
  });
  expect(challenge.status).toBe(201);
  return { questionId, eventId: event.id, onA, onB };
};

const decide = (
  questionId: string,
  json: { outcome: "A" | "B" | "over" | "under" | "void"; reason: string },
  who = admin,
) => adminFeed(who).challenges[":questionId"].decision.$post({ param: { questionId }, json });

describe("the challenge queue", () => {
  it("lists challenged questions with the feed's data and every challenge by name", async () => {
    const { questionId, onB } = await challenged();
    const username = (await env.DB.prepare("SELECT username FROM users WHERE id = ?")
      .bind(onB.userId)
      .first<{ username: string }>())!.username;
    const queue = await bodyAt(await adminFeed().challenges.$get(), 200);
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({
      question: { id: questionId, answerOptionA: "Liverpool", outcome: "unresolved" },
      link: {
        state: "challenged",
        homeTeam: "Liverpool",
        awayTeam: "Manchester City",
        eventStatus: "final",
        homeScore: 2,
        awayScore: 1,
        proposedOutcome: "A",
      },
      challenges: [{ username, reason: "City's equaliser was wrongly ruled offside" }],
    });
  });

  it("confirms the proposed outcome with a reason: settled through setOutcome, audited as the admin's confirmation", async () => {
    const { questionId, onA, onB } = await challenged();
    const result = await bodyAt(
      await decide(questionId, { outcome: "A", reason: "Checked the league's report: the goal stands" }),
      200,
    );
    expect(result).toEqual({ picksUpdated: 2, creditsAwarded: 8, complete: true });
    expect(await questionState(questionId)).toEqual({
      status: "resolved",
      outcome: "A",
      settlement_version: 1,
      settled_version: 1,
    });
    expect(await feedLink(questionId)).toMatchObject({ state: "final" });
    expect([await balanceOf(onA.userId), await balanceOf(onB.userId)]).toEqual([54, 46]);
    const audit = (await auditOf(questionId)).filter((entry) => entry.action !== "score_feed_link");
    expect(audit.map(({ admin_id, actor, action, reason }) => ({ admin_id, actor, action, reason }))).toEqual([
      {
        admin_id: admin.userId,
        actor: "admin",
        action: "outcome",
        reason: "Checked the league's report: the goal stands",
      },
      {
        admin_id: admin.userId,
        actor: "admin",
        action: "score_feed_confirm",
        reason: "Checked the league's report: the goal stands",
      },
    ]);
    expect((await bodyAt(await adminFeed().challenges.$get(), 200)).items).toEqual([]);
    // A second decision finds nothing waiting.
    expect((await errorOf(await decide(questionId, { outcome: "B", reason: "Second thoughts" }))).status).toBe(409);
    await expectLedgerClean();
  });

  it("corrects the proposal to another outcome", async () => {
    const { questionId, onA, onB } = await challenged();
    await bodyAt(await decide(questionId, { outcome: "B", reason: "The league awarded the match to City" }), 200);
    expect([await balanceOf(onA.userId), await balanceOf(onB.userId)]).toEqual([46, 54]);
    const audit = await auditOf(questionId);
    const correction = audit.find((entry) => entry.action === "score_feed_correct");
    expect(JSON.parse(correction!.before!)).toEqual({ state: "challenged", proposedOutcome: "A" });
    expect(JSON.parse(correction!.after!)).toEqual({ state: "final", outcome: "B" });
    await expectLedgerClean();
  });

  it("needs a reason and an outcome of the question's type, from an admin, for a question waiting for review", async () => {
    const { questionId, onA } = await challenged();
    expect(await errorOf(await decide(questionId, { outcome: "A", reason: " " }))).toMatchObject({
      status: 400,
      body: { error: { message: "Please give a reason" } },
    });
    expect(await errorOf(await decide(questionId, { outcome: "over", reason: "Totals instead" }))).toMatchObject({
      status: 400,
      body: { error: { message: "This outcome does not fit the question type" } },
    });
    expect((await decide(questionId, { outcome: "A", reason: "I am not an admin" }, onA)).status).toBe(403);
    const unchallenged = await insertQuestion();
    expect((await errorOf(await decide(unchallenged, { outcome: "A", reason: "Nothing to review" }))).status).toBe(409);
    expect(await feedLink(questionId)).toMatchObject({ state: "challenged" });
    expect(await questionState(questionId)).toMatchObject({ outcome: "unresolved" });
  });
});

describe("alerts for a feed that changes its mind", () => {
  it("shows a correction after final with the old and new data until dismissed, without moving credits", async () => {
    const { questionId, eventId, onA, onB } = await challenged();
    await bodyAt(await decide(questionId, { outcome: "A", reason: "The goal stands" }), 200);
    const paid = [await balanceOf(onA.userId), await balanceOf(onB.userId)];
    correctScore(feed.store, eventId, 2, 2);
    await runFeedCron(Date.now() + CHALLENGE_WINDOW_MS);

    const { alerts } = await bodyAt(await adminFeed().challenges.$get(), 200);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      questionId,
      questionOutcome: "A",
      homeTeam: "Liverpool",
      before: { eventStatus: "final", homeScore: 2, awayScore: 1, outcome: "A" },
      after: { eventStatus: "final", homeScore: 2, awayScore: 2, outcome: "void" },
    });
    expect([await balanceOf(onA.userId), await balanceOf(onB.userId)]).toEqual(paid);

    const id = alerts[0]!.id;
    expect(await bodyAt(await adminFeed().alerts[":id"].dismiss.$post({ param: { id } }), 200)).toEqual({
      dismissed: true,
    });
    expect(await bodyAt(await adminFeed().alerts[":id"].dismiss.$post({ param: { id } }), 200)).toEqual({
      dismissed: false,
    });
    expect((await bodyAt(await adminFeed().challenges.$get(), 200)).alerts).toEqual([]);
    expect((await adminFeed().alerts[":id"].dismiss.$post({ param: { id: "no-such-alert" } })).status).toBe(404);
    const dismissals = await env.DB.prepare(
      "SELECT count(*) AS n FROM admin_audit_log WHERE action = 'score_feed_alert_dismissed' AND entity_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(dismissals?.n).toBe(1);
    // The same correction seen again raises nothing new.
    await runFeedCron(Date.now() + CHALLENGE_WINDOW_MS + 60_000);
    expect((await bodyAt(await adminFeed().challenges.$get(), 200)).alerts).toEqual([]);
    await expectLedgerClean();
  });
});
