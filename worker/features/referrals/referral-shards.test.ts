import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { REFERRAL_BONUSES_PER_REFERRER_PER_MONTH, REFERRED_FRIEND_BONUS, REFERRER_BONUS } from "../../config";
import { newId } from "../../lib/ids";
import { balanceOf, expectLedgerClean, grantCredits } from "../../test/ledger";
import { createPlayerIn, updateAccount } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { faultyD1 } from "../../test/faulty-d1";
import { caughtQueue, deliverBatch } from "../../test/queues";
import { sessionFor } from "../../test/sessions";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { call, callJson } from "../../test/http";
import { commitMovement, grant } from "../credits/ledger.service";
import { copyQuestions } from "../questions/question-copies";
import { consumeReferrals, sweepReferrerBonuses } from "./referral-queue";

/** Two shards, with the referral queue's messages kept for the test to deliver. */
const shardsWithQueue = () => {
  const { queue, sent } = caughtQueue();
  return { shards: { ...twoShardEnv(), REFERRAL_QUEUE: queue }, sent };
};

const deliver = (testEnv: Env, bodies: unknown[]) =>
  deliverBatch(consumeReferrals, "pickstreak-dev-referrals", testEnv, bodies);

/** A referrer in SHARD_0 and their friend in SHARD_1 holding the address's bonus claim, with credits for a pick. */
const referralAcrossShards = async (testEnv: Env) => {
  const referrerId = await createPlayerIn(testEnv, 0, userIdInShard(0));
  const friendId = await createPlayerIn(testEnv, 0, userIdInShard(1));
  await updateAccount(friendId, "referred_by = ?, bonus_owner = 1", { values: [referrerId], env: testEnv });
  await grantCredits(friendId, 2, "purchased", testEnv.SHARD_1);
  const questionId = await insertQuestion({ creditCost: 2 });
  await copyQuestions(dataContext(testEnv), [questionId]);
  return { referrerId, friendId, questionId };
};

const pickAs = async (testEnv: Env, friendId: string, questionId: string, headers: Record<string, string> = {}) => {
  const { bearer } = await sessionFor(friendId, testEnv);
  return call("/api/picks", {
    method: "POST",
    headers: { ...bearer, ...headers },
    json: { questionId, choice: "yes", multiplier: 1 },
    env: testEnv,
  });
};

describe("referral bonuses across shards", () => {
  it("pay the friend in the pick's batch and the referrer in their own shard through the queue, once", async () => {
    const { shards, sent } = shardsWithQueue();
    const { referrerId, friendId, questionId } = await referralAcrossShards(shards);
    expect((await pickAs(shards, friendId, questionId)).status).toBe(201);
    expect(await balanceOf(friendId, shards.SHARD_1)).toBe(REFERRED_FRIEND_BONUS);
    expect(sent).toEqual([{ friendId }]);
    expect(await balanceOf(referrerId, shards.SHARD_0)).toBe(0);

    const result = await deliver(shards, [...sent, ...sent]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(await balanceOf(referrerId, shards.SHARD_0)).toBe(REFERRER_BONUS);
    await deliver(shards, sent);
    expect(await balanceOf(referrerId, shards.SHARD_0)).toBe(REFERRER_BONUS);
    expect(await balanceOf(referrerId, env.DB)).toBe(0);
    await expectLedgerClean(shards.SHARD_0);
    await expectLedgerClean(shards.SHARD_1);
  });

  it("ask for the referrer's bonus again when the friend retries a pick whose first answer was lost", async () => {
    const { shards, sent } = shardsWithQueue();
    const { referrerId, friendId, questionId } = await referralAcrossShards(shards);
    const retry = { "Idempotency-Key": newId() };
    const answerLost = { ...shards, SHARD_1: faultyD1(shards.SHARD_1, { mode: "lose-answer-after-commit", nth: 1 }) };
    expect((await pickAs(answerLost, friendId, questionId, retry)).status).toBe(500);
    expect(await balanceOf(friendId, shards.SHARD_1)).toBe(REFERRED_FRIEND_BONUS);
    expect(sent).toEqual([]);
    expect((await pickAs(shards, friendId, questionId, retry)).status).toBe(201);
    expect(sent).toEqual([{ friendId }]);
    await deliver(shards, [...sent, ...sent]);
    expect(await balanceOf(referrerId, shards.SHARD_0)).toBe(REFERRER_BONUS);
    expect(await balanceOf(friendId, shards.SHARD_1)).toBe(REFERRED_FRIEND_BONUS);
    await expectLedgerClean(shards.SHARD_0);
    await expectLedgerClean(shards.SHARD_1);
  });

  it("pay nothing for a message about a friend whose pick paid no bonus, and drop a malformed one", async () => {
    const { shards } = shardsWithQueue();
    const { referrerId, friendId } = await referralAcrossShards(shards);
    const result = await deliver(shards, [{ friendId }, { friend: 1 }]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(await balanceOf(referrerId, shards.SHARD_0)).toBe(0);
  });

  it("hold the referrer's monthly cap, counted in their own shard", async () => {
    const { shards, sent } = shardsWithQueue();
    const { referrerId, friendId, questionId } = await referralAcrossShards(shards);
    for (let i = 0; i < REFERRAL_BONUSES_PER_REFERRER_PER_MONTH; i++) {
      const idempotencyKey = `referral:${newId()}:referrer`;
      const movement = grant(shards.SHARD_0, {
        userId: referrerId,
        amount: REFERRER_BONUS,
        idempotencyKey,
        transactionType: "bonus",
        source: "bonus",
        now: Date.now(),
      });
      await commitMovement(shards.SHARD_0, movement);
    }
    const before = await balanceOf(referrerId, shards.SHARD_0);
    await pickAs(shards, friendId, questionId);
    await deliver(shards, sent);
    expect(await balanceOf(referrerId, shards.SHARD_0)).toBe(before);
  });

  it("pay from the hourly sweep when the message was lost", async () => {
    const { shards, sent } = shardsWithQueue();
    const { referrerId, friendId, questionId } = await referralAcrossShards(shards);
    await pickAs(shards, friendId, questionId);
    expect(sent).toHaveLength(1);
    const swept = await sweepReferrerBonuses(dataContext(shards), Date.now(), shards);
    expect(swept.paid).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(referrerId, shards.SHARD_0)).toBe(REFERRER_BONUS);
    expect((await sweepReferrerBonuses(dataContext(shards), Date.now(), shards)).paid).toBe(0);
  });

  it("list the friends of every shard on the referrer's page, with their first pick and the bonus paid", async () => {
    const { shards, sent } = shardsWithQueue();
    const { referrerId, friendId, questionId } = await referralAcrossShards(shards);
    const { bearer } = await sessionFor(referrerId, shards);
    const page = async () =>
      (
        await callJson<{ counts: Record<string, number>; invites: { status: string }[] }>("/api/referrals", {
          headers: bearer,
          env: shards,
        })
      ).body;
    expect(await page()).toMatchObject({
      counts: { signedUp: 1, firstPick: 0, rewarded: 0, creditsEarned: 0 },
      invites: [{ status: "signed_up" }],
    });
    await pickAs(shards, friendId, questionId);
    expect((await page()).invites).toEqual([expect.objectContaining({ status: "first_pick" })]);
    await deliver(shards, sent);
    expect(await page()).toMatchObject({
      counts: { signedUp: 1, firstPick: 1, rewarded: 1, creditsEarned: REFERRER_BONUS },
      invites: [{ status: "rewarded" }],
    });
  });
});
