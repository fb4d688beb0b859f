import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dataContext } from "../../db/data-context";
import { newId } from "../../lib/ids";
import { callJson } from "../../test/http";
import { createPlayerIn, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin, signedInPlayer } from "../../test/sessions";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { commitMovement, grant, redeem } from "../credits/ledger.service";
import { copyQuestions } from "../questions/question-copies";
import { readDashboard } from "./admin-dashboard.service";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Noon UTC, so each "days ago" below falls well inside its UTC day. */
const NOW = Date.UTC(2031, 0, 30, 12);
const daysAgo = (days: number) => NOW - days * DAY;
const dateOf = (days: number) => new Date(daysAgo(days)).toISOString().slice(0, 10);

type Dashboard = Awaited<ReturnType<typeof readDashboard>>;

/** A pick through the real pick service (its pick and activity rows), then moved to `at` as if made then. */
const pickAt = async (testEnv: Env, userId: string, questionId: string, at: number) => {
  const d1 = dataContext(testEnv).player(userId);
  const pickId = await placePick(userId, questionId, "yes", 1, d1);
  await d1.batch([
    d1.prepare("UPDATE user_picks SET created_at = ?1, updated_at = ?1 WHERE id = ?2").bind(at, pickId),
    d1
      .prepare("UPDATE activity_feed SET created_at = ? WHERE user_id = ? AND question_id = ? AND kind = 'pick'")
      .bind(at, userId, questionId),
  ]);
};

/** A credited checkout as the purchase service writes it: the ledger's grant and the payment's row, in one batch. */
const purchaseAt = async (testEnv: Env, userId: string, credits: number, at: number) => {
  const d1 = dataContext(testEnv).player(userId);
  const paymentId = `cs_${newId()}`;
  const movement = grant(d1, {
    userId,
    amount: credits,
    idempotencyKey: `stripe:${paymentId}`,
    transactionType: "purchase",
    source: "purchased",
    now: at,
  });
  const payment = d1
    .prepare(
      `INSERT INTO stripe_payments (id, user_id, kind, credits, currency, amount, transaction_id, created_at, updated_at)
       VALUES (?1, ?2, 'checkout', ?3, 'usd', ?3, ?4, ?5, ?5)`,
    )
    .bind(paymentId, userId, credits, movement.transactionId, at);
  await commitMovement(d1, movement, { after: [payment] });
};

const winningsOf = async (testEnv: Env, userId: string, credits: number) => {
  const d1 = dataContext(testEnv).player(userId);
  const movement = grant(d1, {
    userId,
    amount: credits,
    idempotencyKey: `test-win:${newId()}`,
    transactionType: "pick_payout",
    source: "winnings",
    now: NOW - 40 * DAY,
  });
  await commitMovement(d1, movement);
};

/** A redemption as the redemption service writes it (the ledger's redeem and the request's row), in a given state. */
const redemptionAt = async (
  testEnv: Env,
  userId: string,
  credits: number,
  at: number,
  status: "pending" | "fulfilled" | "rejected",
) => {
  const d1 = dataContext(testEnv).player(userId);
  const movement = redeem(d1, { userId, amount: credits, idempotencyKey: `redemption:${newId()}`, now: at });
  const request = d1
    .prepare(
      `INSERT INTO gift_card_redemptions (id, user_id, kind, reward_id, credits_spent, value_cents, user_email, country,
         status, transaction_id, created_at, updated_at)
       VALUES (?1, ?2, 'gift_card', 'amazon', ?3, ?3, 'payout@example.com', 'US', ?4, ?5, ?6, ?6)`,
    )
    .bind(newId(), userId, credits, status, movement.transactionId, at);
  await commitMovement(d1, movement, { after: [request] });
};

const link = (questionId: string, state: "challenged" | "proposed") =>
  env.DB.prepare(
    `INSERT INTO score_feed_links (question_id, event_id, home_team, away_team, starts_at, side_a, state,
       proposed_outcome, proposed_at, final_at, created_at, updated_at)
     VALUES (?1, ?2, 'Home', 'Away', 0, 'home', ?3, 'A', 0, 1, 0, 0)`,
  ).bind(questionId, `event-${questionId}`, state);

const alert = (questionId: string, dismissedAt: number | null) =>
  env.DB.prepare(
    `INSERT INTO score_feed_alerts (id, question_id, event_id, signature, before, after, created_at, dismissed_at)
     VALUES (?1, ?2, 'event', ?1, '{}', '{}', 0, ?3)`,
  ).bind(newId(), questionId, dismissedAt);

/** The days with anything in them, for comparing with what was written. */
const busyDays = (dashboard: Dashboard) =>
  dashboard.days.filter((day) => day.picks + day.purchases + day.redemptions > 0);

describe("GET /api/admin/dashboard", () => {
  it("adds up picks, purchases and redemptions per UTC day, the redeemable credits, settlement lag and challenges", async () => {
    const [ann, bob] = [await createPlayerIn(env), await createPlayerIn(env)];
    const [q1, q2, q3, q4, settling, late] = await Promise.all(
      Array.from({ length: 6 }, () => insertQuestion({ creditCost: 0 })),
    );
    await pickAt(env, ann, q1!, daysAgo(0));
    await pickAt(env, ann, q2!, daysAgo(0) + 3 * 60 * MINUTE);
    await pickAt(env, bob, q1!, daysAgo(3));
    await pickAt(env, bob, settling!, daysAgo(3));
    await pickAt(env, ann, q3!, daysAgo(29) - 11 * 60 * MINUTE);
    await pickAt(env, ann, q4!, daysAgo(30));
    // A win's line in the activity feed is not a pick.
    await env.DB.prepare(
      "INSERT INTO activity_feed (id, user_id, question_id, kind, choice, credits, created_at) VALUES (?, ?, ?, 'win', 'yes', 2, ?)",
    )
      .bind(newId(), ann, q1, daysAgo(0))
      .run();

    await purchaseAt(env, ann, 100, daysAgo(1));
    await purchaseAt(env, bob, 50, daysAgo(1));
    await purchaseAt(env, ann, 20, daysAgo(30));

    await winningsOf(env, ann, 80);
    await winningsOf(env, bob, 7);
    await redemptionAt(env, ann, 30, daysAgo(2), "pending");
    await redemptionAt(env, ann, 10, daysAgo(2), "fulfilled");
    await redemptionAt(env, ann, 25, daysAgo(2), "rejected");

    // Two outcomes waiting for settlement: the older changed 90 minutes ago; bob's pick on it is still to settle.
    await env.DB.batch([
      env.DB.prepare("UPDATE questions SET outcome = 'A', settlement_version = 1, updated_at = ? WHERE id = ?").bind(
        NOW - 90 * MINUTE,
        settling,
      ),
      env.DB.prepare("UPDATE questions SET outcome = 'B', settlement_version = 1, updated_at = ? WHERE id = ?").bind(
        NOW - 10 * MINUTE,
        late,
      ),
      link(late!, "challenged"),
      link(q4!, "proposed"),
      alert(late!, null),
      alert(q4!, NOW),
    ]);

    const dashboard = await readDashboard(dataContext(env), NOW);
    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days[0]?.day).toBe(dateOf(29));
    expect(dashboard.days.at(-1)?.day).toBe(dateOf(0));
    const none = { picks: 0, purchases: 0, purchasedCredits: 0, redemptions: 0, redeemedCredits: 0 };
    expect(busyDays(dashboard)).toEqual([
      { ...none, day: dateOf(29), picks: 1 },
      { ...none, day: dateOf(3), picks: 2 },
      { ...none, day: dateOf(2), redemptions: 2, redeemedCredits: 40 },
      { ...none, day: dateOf(1), purchases: 2, purchasedCredits: 150 },
      { ...none, day: dateOf(0), picks: 2 },
    ]);
    // 80 won less 65 redeemed (the rejected request's refund is not part of this test), and bob's 7.
    expect(dashboard.redeemableCredits).toBe(22);
    expect(dashboard.settlement).toEqual({
      questions: 2,
      picks: 1,
      oldestChangeAt: NOW - 90 * MINUTE,
      lagMs: 90 * MINUTE,
    });
    expect(dashboard.pendingRedemptions).toBe(1);
    expect(dashboard.challenges).toEqual({ challenged: 1, alerts: 1 });
  });

  it("is for admins only", async () => {
    const player = await signedInPlayer();
    expect((await callJson("/api/admin/dashboard")).status).toBe(401);
    expect((await callJson("/api/admin/dashboard", { headers: player.bearer })).status).toBe(403);
  });

  it("adds every player database's numbers, by day, where players live in two", async () => {
    const shards = twoShardEnv();
    const admin = await signedInAdmin(shards);
    const [first, second] = [
      await createPlayerIn(shards, 0, userIdInShard(0)),
      await createPlayerIn(shards, 0, userIdInShard(1)),
    ];
    const question = await insertQuestion({ creditCost: 0 });
    await copyQuestions(dataContext(shards), [question]);
    const now = Date.now();
    for (const player of [first, second]) {
      await placePick(player, question, "yes", 1, dataContext(shards).player(player));
      await purchaseAt(shards, player, 10, now);
      await winningsOf(shards, player, 4);
    }

    const answer = await callJson<Dashboard>("/api/admin/dashboard", { headers: admin.bearer, env: shards });
    expect(answer.status).toBe(200);
    const total = (key: "picks" | "purchases" | "purchasedCredits") =>
      answer.body.days.reduce((sum, day) => sum + day[key], 0);
    expect([total("picks"), total("purchases"), total("purchasedCredits")]).toEqual([2, 2, 20]);
    expect(answer.body.redeemableCredits).toBe(8);
  });
});
