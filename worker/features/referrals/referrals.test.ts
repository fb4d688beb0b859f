import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signUp, signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { allInEveryTestShard, shardOf } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { withQueuesCaught } from "../../test/queues";

/** A referrer in another shard than the friend is paid through the referral queue, delivered after each pick. */
const { env: queued, deliverAll } = withQueuesCaught(env);

const referralsOf = (headers: Record<string, string>) => successOf(apiClient({ headers }).referrals.$get());

let count = 0;
const email = (prefix: string) => `${prefix}-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`;
const codeOf = async (userId: string) =>
  (await env.DB.prepare("SELECT referral_code FROM users WHERE id = ?")
    .bind(userId)
    .first<{ referral_code: string }>())!.referral_code;
const referredBy = async (address: string) =>
  (
    await env.DB.prepare("SELECT referred_by FROM users WHERE email = ?")
      .bind(address)
      .first<{ referred_by: string | null }>()
  )?.referred_by;
const pick = async (account: TestAccount, questionId: string, idempotencyKey?: string) => {
  const json = { questionId, choice: "yes" as const, multiplier: 1 };
  const response = await apiClient({ headers: account.bearer, env: queued }).picks.$post({
    json,
    header: { "idempotency-key": idempotencyKey },
  });
  await deliverAll();
  return response;
};
/** The friend's bonus is in the friend's shard, the referrer's in the referrer's. */
const bonusRows = async (friendId: string) =>
  (
    await allInEveryTestShard<{ amount: number }>(
      "SELECT user_id, amount, source FROM credit_transactions WHERE idempotency_key LIKE ?",
      `referral:${friendId}:%`,
    )
  ).sort((a, b) => a.amount - b.amount);

/** A referrer and a friend who signed up with the referrer's code. */
const referredPair = async () => {
  const referrer = await signUpAndLogin(email("referrer"));
  const friend = await signUpAndLogin(email("friend"), { ref: await codeOf(referrer.userId) });
  return { referrer, friend };
};

describe("referral bonus", () => {
  it("pays the referrer 100 and the friend 50 bonus credits with the friend's first pick, once", async () => {
    const { referrer, friend } = await referredPair();
    expect(await balanceOf(friend.userId)).toBe(10);
    const first = await successOf(pick(friend, await insertQuestion({ creditCost: 2 })));
    expect(first.status).toBe(201);
    expect(first.body.credits.balance).toBe(10 - 2 + 50);
    expect(await balanceOf(referrer.userId)).toBe(5 + 100);
    expect(await bonusRows(friend.userId)).toEqual([
      { user_id: friend.userId, amount: 50, source: "bonus" },
      { user_id: referrer.userId, amount: 100, source: "bonus" },
    ]);
    expect((await pick(friend, await insertQuestion({ creditCost: 0 }))).status).toBe(201);
    expect(await balanceOf(referrer.userId)).toBe(105);
    expect(await balanceOf(friend.userId)).toBe(58);
    await expectLedgerClean();
  });

  it("pays once when the first pick is retried, repeated with its Idempotency-Key, or raced on other questions", async () => {
    const { referrer, friend } = await referredPair();
    const questionId = await insertQuestion({ creditCost: 1 });
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([pick(friend, questionId, key), pick(friend, questionId, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await pick(friend, questionId)).status).toBe(409);
    const others = await Promise.all(
      [1, 2, 3, 4].map(async () => pick(friend, await insertQuestion({ creditCost: 0 }))),
    );
    expect(others.every((answer) => answer.status === 201)).toBe(true);
    expect(await bonusRows(friend.userId)).toHaveLength(2);
    expect(await balanceOf(referrer.userId)).toBe(105);
    expect(await balanceOf(friend.userId)).toBe(10 - 1 + 50);
    await expectLedgerClean();
  });

  it("pays nothing on a refused pick, and nothing to players who were not referred", async () => {
    const { friend } = await referredPair();
    const closed = await insertQuestion({ creditCost: 1, deadline: Date.now() - 1000 });
    expect((await pick(friend, closed)).status).toBe(422);
    expect(await bonusRows(friend.userId)).toEqual([]);

    const loner = await signUpAndLogin(email("loner"));
    expect((await pick(loner, await insertQuestion({ creditCost: 1 }))).status).toBe(201);
    expect(await bonusRows(loner.userId)).toEqual([]);
    await expectLedgerClean();
  });
});

describe("referral rules", () => {
  it("refuses self-referral and a second referral of the same account", async () => {
    const { referrer, friend } = await referredPair();
    const other = await signUpAndLogin(email("other"));

    // Signing up again with an existing address (own code or another's) changes nothing.
    await signUp(referrer.email, { ref: await codeOf(referrer.userId) });
    await signUp(friend.email, { ref: await codeOf(other.userId) });
    expect(await referredBy(referrer.email)).toBeNull();
    expect(await referredBy(friend.email)).toBe(referrer.userId);
    expect(await balanceOf(referrer.userId)).toBe(5);
    expect(await balanceOf(friend.userId)).toBe(10);

    // And the database refuses it whatever path tries.
    const self = env.DB.prepare("UPDATE users SET referred_by = id WHERE id = ?").bind(other.userId).run();
    await expect(self).rejects.toThrow(/referral fixed at sign-up/);
    const again = env.DB.prepare("UPDATE users SET referred_by = ? WHERE id = ?")
      .bind(other.userId, friend.userId)
      .run();
    await expect(again).rejects.toThrow(/referral fixed at sign-up/);
    const selfInsert = env.DB.prepare(
      "INSERT INTO users (id, email, username, referral_code, referred_by, created_at, updated_at) VALUES ('x1', 'x1@example.com', 'x_one', 'XONE', 'x1', 0, 0)",
    ).run();
    await expect(selfInsert).rejects.toThrow(/self referral refused/);
    await expectLedgerClean();
  });
});

describe("GET /api/referrals", () => {
  it("answers the code, the sign-up link, counts and each invite's status", async () => {
    const referrer = await signUpAndLogin(email("host"));
    const code = await codeOf(referrer.userId);
    const rewarded = await signUpAndLogin(email("rewarded"), { ref: code });
    await signUp(email("pending"), { ref: code });
    expect((await pick(rewarded, await insertQuestion({ creditCost: 1 }))).status).toBe(201);

    const { status, body } = await referralsOf(referrer.cookies);
    expect(status).toBe(200);
    expect(body.code).toBe(code);
    expect(body.link).toBe(`http://localhost:8787/auth?mode=signup&ref=${code}`);
    expect(body.counts).toEqual({ signedUp: 2, firstPick: 1, rewarded: 1, creditsEarned: 100 });
    expect(body.invites.map((invite) => invite.status)).toEqual(["signed_up", "rewarded"]);
    expect(body.invites[1]?.username).toEqual(expect.any(String));
  });

  it("shows first_pick when a friend picked but the bonus was not paid, and 401 for visitors", async () => {
    const { referrer, friend } = await referredPair();
    await shardOf(friend.userId)
      .prepare(
        "INSERT INTO user_picks (id, user_id, question_id, choice, credits_spent, multiplier, potential_payout, created_at, updated_at) VALUES (?, ?, ?, 'yes', 0, 1, 2, 0, 0)",
      )
      .bind(crypto.randomUUID(), friend.userId, await insertQuestion({ creditCost: 0 }))
      .run();
    const { body } = await referralsOf(referrer.bearer);
    expect(body.invites.map((invite) => invite.status)).toEqual(["first_pick"]);
    expect((await apiClient().referrals.$get()).status).toBe(401);
  });
});
