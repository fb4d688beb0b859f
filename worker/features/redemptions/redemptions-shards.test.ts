import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { playerDb } from "../../db/shards";
import { encodeKeyset } from "../../lib/cursor";
import { outboxFor } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { expectLedgerClean, grantCredits } from "../../test/ledger";
import { createPlayerIn, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { cashOut, creditsOf, redeemGiftCard } from "../../test/redemptions";
import { signedInAdmin, signedInPlayer, type SignedInPlayer } from "../../test/sessions";
import { rowsByDatabase, SHARDS, twoShardEnv, userIdInShard } from "../../test/shards";
import { deliver, paidCheckout, refundedCharge, stripeEvent, useFakeStripe, type FakeStripe } from "../../test/stripe";
import { adminActor } from "../admin-audit/admin-audit";
import { dataContext } from "../../db/data-context";
import { copyUsers } from "../auth/directory";
import { copyQuestions } from "../questions/question-copies";
import { setOutcome } from "../settlement/outcome.service";

const shards = twoShardEnv();
const DAY_MS = 24 * 60 * 60 * 1000;

let stripe: FakeStripe;
let admin: SignedInPlayer;
beforeAll(async () => {
  admin = await signedInAdmin(shards);
});
beforeEach(() => {
  stripe = useFakeStripe();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const onlyInShard = (count: number) => ({ shard: count, other: 0, catalogue: 0 });

const winnerIn = async (shard: 0 | 1, winnings = 50) => {
  const player = await signedInPlayer(0, shards, userIdInShard(shard));
  await grantCredits(player.userId, winnings, "winnings", playerDb(shards, player.userId));
  return player;
};

const adminRedemptions = () => apiClient({ headers: admin.bearer, env: shards }).admin.redemptions;
const pendingQueue = async (cursor?: string) =>
  (await successOf(adminRedemptions().$get({ query: { status: "pending", ...(cursor ? { cursor } : {}) } }))).body
    .items;
const decide = (id: string, status: "fulfilled" | "rejected", note?: string) =>
  adminRedemptions()[":id"].$patch({ param: { id }, json: { status, ...(note ? { note } : {}) } });

/** Rows matching `where` in the catalogue and in each shard. */
const rowsIn = async (table: string, where: string, value: string) => {
  const count = async (d1: D1Database) =>
    (await d1.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where} = ?`).bind(value).first<{ n: number }>())?.n ??
    0;
  return { catalogue: await count(env.DB), shard0: await count(SHARDS.SHARD_0), shard1: await count(SHARDS.SHARD_1) };
};

const auditRows = (entityId: string) => rowsIn("admin_audit_log", "entity_id", entityId);

const expectLedgersClean = async () => {
  for (const d1 of [SHARDS.SHARD_0, SHARDS.SHARD_1, env.DB]) await expectLedgerClean(d1);
};

describe("redemptions with players over two shards", () => {
  it("moves a player's credits in their shard, with the reward read from the catalogue", async () => {
    const [first, second] = [await winnerIn(0), await winnerIn(1)];
    const card = await redeemGiftCard(
      first,
      { credits: 20, email: "shard.card@example.com" },
      { "Idempotency-Key": "shard-card" },
      shards,
    );
    expect(card.status).toBe(201);
    expect(card.body.redemption).toMatchObject({
      kind: "gift_card",
      rewardName: "Amazon",
      creditsSpent: 20,
      status: "pending",
    });
    const repeat = await redeemGiftCard(
      first,
      { credits: 20, email: "shard.card@example.com" },
      { "Idempotency-Key": "shard-card" },
      shards,
    );
    expect(repeat.body.redemption.id).toBe(card.body.redemption.id);
    expect((await cashOut(second, { amount: 12, email: "shard.cash@example.com" }, {}, shards)).status).toBe(201);

    expect(await creditsOf(first.userId, playerDb(shards, first.userId))).toMatchObject({
      balance: 30,
      redeemable: 30,
    });
    expect(await creditsOf(second.userId, playerDb(shards, second.userId))).toMatchObject({
      balance: 38,
      redeemable: 38,
    });
    for (const player of [first, second]) {
      expect(await rowsByDatabase(shards, "gift_card_redemptions", player.userId)).toEqual(onlyInShard(1));
      expect(await rowsByDatabase(shards, "credit_transactions", player.userId)).toEqual(onlyInShard(2));
    }
    expect(await rowsByDatabase(shards, "idempotent_responses", first.userId)).toEqual(onlyInShard(1));

    const mine = await successOf(apiClient({ headers: first.bearer, env: shards }).redemptions.$get({ query: {} }));
    expect(mine.body.items).toMatchObject([{ id: card.body.redemption.id, rewardName: "Amazon" }]);
    // The rules read the shard (what is left to redeem) and the catalogue (which cards exist).
    expect((await redeemGiftCard(second, { credits: 39 }, {}, shards)).status).toBe(402);
    expect((await redeemGiftCard(second, { credits: 20, rewardId: "no-such-card" }, {}, shards)).status).toBe(404);
    await expectLedgersClean();
  });

  it("lists both shards' redemptions in the queue's order, pages across them, and decides each in its shard", async () => {
    const players = [await winnerIn(0), await winnerIn(1), await winnerIn(0), await winnerIn(1)];
    const ids: string[] = [];
    for (const [i, player] of players.entries()) {
      const { body } = await redeemGiftCard(player, { credits: 10 + i, email: `queue.${i}@example.com` }, {}, shards);
      ids.push(body.redemption.id);
    }
    // Newer than anything else in the file, one millisecond apart, alternating shards.
    const newest = Date.now() + DAY_MS;
    for (const [i, id] of ids.entries()) {
      await playerDb(shards, players[i]!.userId)
        .prepare("UPDATE gift_card_redemptions SET created_at = ? WHERE id = ?")
        .bind(newest + i, id)
        .run();
    }
    const queue = await pendingQueue();
    expect(queue.slice(0, 4).map(({ id }) => id)).toEqual([...ids].reverse());
    expect(queue[0]).toMatchObject({
      rewardName: "Amazon",
      email: "queue.3@example.com",
      user: { id: players[3]!.userId },
      risk: { highRisk: false },
    });
    expect(queue[0]?.user.email).toMatch(/@players\.example$/);
    const after = await pendingQueue(encodeKeyset({ createdAt: newest + 2, id: ids[2]! }));
    expect(after.slice(0, 2).map(({ id }) => id)).toEqual([ids[1], ids[0]]);

    const fulfilled = await successOf(decide(ids[0]!, "fulfilled", "Code AMZ-SHARD"));
    expect(fulfilled.body.redemption).toMatchObject({ status: "fulfilled", rewardName: "Amazon" });
    expect((await outboxFor("queue.0@example.com"))[0]?.text).toContain("Amazon gift card");
    const rejections = await Promise.all([1, 2, 3].map(() => decide(ids[1]!, "rejected", "Not eligible")));
    expect(rejections.map(({ status }) => status).sort()).toEqual([200, 409, 409]);
    expect(await creditsOf(players[1]!.userId, playerDb(shards, players[1]!.userId))).toMatchObject({
      balance: 50,
      redeemable: 50,
    });
    expect(await rowsIn("credit_transactions", "idempotency_key", `redemption-refund:${ids[1]}`)).toEqual({
      catalogue: 0,
      shard0: 0,
      shard1: 1,
    });
    for (const id of [ids[0]!, ids[1]!]) expect(await auditRows(id)).toEqual({ catalogue: 1, shard0: 0, shard1: 0 });
    expect((await pendingQueue()).map(({ id }) => id)).not.toContain(ids[0]);
    expect((await decide("no-such-redemption", "fulfilled")).status).toBe(404);
    await expectLedgersClean();
  });

  it("holds a refunded buyer's redemption in their shard until an admin releases it", async () => {
    const buyer = await signedInPlayer(0, shards, userIdInShard(1));
    const { sessionId, events } = await paidCheckout(stripe, buyer.bearer, { credits: 100 }, shards);
    for (const event of events) await deliver(event, shards);
    await grantCredits(buyer.userId, 60, "winnings", playerDb(shards, buyer.userId));
    const { body } = await redeemGiftCard(buyer, { credits: 50 }, {}, shards);
    const id = body.redemption.id;
    const session = stripe.store.sessions.get(sessionId)?.session;
    await deliver(
      stripeEvent("charge.refunded", refundedCharge(String(session?.payment_intent), Number(session?.amount_total))),
      shards,
    );

    expect((await pendingQueue()).find((item) => item.id === id)?.hold).toMatchObject({
      cause: "charge_refunded",
      paymentId: sessionId,
    });
    expect((await decide(id, "fulfilled")).status).toBe(409);
    const released = await successOf(adminRedemptions()[":id"].release.$post({ param: { id } }));
    expect(released.body.redemption).toMatchObject({ id, status: "pending", rewardName: "Amazon" });
    expect(await auditRows(id)).toEqual({ catalogue: 1, shard0: 0, shard1: 0 });
    expect((await decide(id, "fulfilled")).status).toBe(200);
    expect(await auditRows(id)).toEqual({ catalogue: 2, shard0: 0, shard1: 0 });
  });

  it("links accounts across shards by sign-up address, referral, payout email and opposite picks", async () => {
    const requester = await winnerIn(0, 40);
    const sameIpThere = await createPlayerIn(shards, 10, userIdInShard(1));
    const sameIpHere = await createPlayerIn(shards, 0, userIdInShard(0));
    const referrer = await createPlayerIn(shards, 0, userIdInShard(1));
    const payoutTwin = await winnerIn(1);
    const ip = "198.51.100.201";
    await env.DB.prepare("UPDATE users SET signup_ip = ?1 WHERE id IN (?2, ?3, ?4)")
      .bind(ip, requester.userId, sameIpThere, sameIpHere)
      .run();
    await env.DB.prepare("UPDATE users SET referred_by = ?, created_at = ? WHERE id = ?")
      .bind(referrer, Date.now() - 2 * DAY_MS, requester.userId)
      .run();
    await copyUsers(dataContext(shards), [requester.userId, sameIpThere, sameIpHere]);
    const payoutEmail = `twin.${crypto.randomUUID().slice(0, 6)}@example.com`;
    expect((await redeemGiftCard(payoutTwin, { credits: 10, email: payoutEmail }, {}, shards)).status).toBe(201);

    const questionId = await insertQuestion({ creditCost: 2 });
    await copyQuestions(dataContext(shards), [questionId]);
    await placePick(requester.userId, questionId, "yes", 1, playerDb(shards, requester.userId));
    await placePick(sameIpThere, questionId, "no", 1, playerDb(shards, sameIpThere));
    await setOutcome(dataContext(shards), {
      questionId,
      outcome: "A",
      actor: adminActor(admin.userId),
      now: Date.now(),
    });
    const won = await playerDb(shards, requester.userId)
      .prepare("SELECT actual_payout FROM user_picks WHERE user_id = ? AND question_id = ?")
      .bind(requester.userId, questionId)
      .first<{ actual_payout: number }>();
    expect(won?.actual_payout).toBeGreaterThan(0);

    const { body } = await redeemGiftCard(requester, { credits: 10, email: payoutEmail.toUpperCase() }, {}, shards);
    expect((await pendingQueue()).find((item) => item.id === body.redemption.id)?.risk).toEqual({
      accountAgeDays: 2,
      sameIpAccounts: 2,
      samePayoutEmailAccounts: 1,
      sameReferralAccounts: 1,
      linkedAccounts: 4,
      pickWinnings: won?.actual_payout,
      oppositeSideWinnings: won?.actual_payout,
      awardFundedWinnings: 0,
      recentAwards: 0,
      awardedBy: [],
      highRisk: true,
      reasons: ["opposite_side_winnings", "shared_payout_email", "new_account_with_links"],
    });
  });
});
