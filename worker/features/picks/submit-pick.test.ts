import { describe, expect, it } from "vitest";
import type { PickRef } from "./submit-pick.service";
import { replayPick, submitPick } from "./submit-pick.service";
import { createPlayer, shardOf } from "../../test/players";
import { wrappedD1 } from "../../test/wrapped-d1";
import { insertQuestion } from "../../test/questions";
import { grantCredits } from "../../test/ledger";

const usernameOf = async (userId: string) =>
  shardOf(userId).prepare("SELECT username FROM users WHERE id = ?").bind(userId).first<string>("username");

/** The pick's own batches among those sent: the first batch is the pick's, and the reads of why are smaller. */
const pickBatches = (sizes: number[]) => sizes.filter((size) => size === sizes[0]).length;

/** `d1`, recording each batch's size in `sizes`; `onRefused` runs when a batch is refused, before the refusal returns. */
const sizing = (d1: D1Database, sizes: number[], onRefused: () => Promise<unknown> = async () => undefined) =>
  wrappedD1(d1, (core) => ({
    prepare: (query) => core.prepare(query),
    batch: async (statements) => {
      sizes.push(statements.length);
      try {
        return await core.batch(statements);
      } catch (error) {
        await onRefused();
        throw error;
      }
    },
  }));

describe("submitPick", () => {
  it("answers the pick and credits, and the live messages, from its one batch; a replay answers the same", async () => {
    const userId = await createPlayer(20);
    const questionId = await insertQuestion({ creditCost: 3, title: "Will it rain?" });
    const now = Date.now();
    let ref: PickRef | undefined;
    const result = await submitPick(shardOf(userId), { userId, questionId, choice: "no", multiplier: 2, now }, (r) => {
      ref = r;
      return [];
    });

    const pick = result.body.pick;
    expect(pick).toEqual({
      id: ref?.pickId,
      questionId,
      choice: "no",
      creditsSpent: 6,
      multiplier: 2,
      pickType: "standard",
      potentialPayout: 12,
      actualPayout: 0,
      status: "active",
      createdAt: now,
      updatedAt: now,
    });
    const credits = { balance: 14, totalEarned: 20, totalSpent: 6, redeemable: 0 };
    expect(result.body.credits).toEqual(credits);
    const spend = await shardOf(userId)
      .prepare("SELECT id, amount, source, pick_id, question_id FROM credit_transactions WHERE idempotency_key = ?")
      .bind(`pick:${userId}:${questionId}`)
      .first();
    expect(spend).toEqual({
      id: ref?.transactionId,
      amount: -6,
      source: "purchased",
      pick_id: pick.id,
      question_id: questionId,
    });
    expect(result.events).toEqual([
      { type: "credits", data: credits },
      { type: "pick", data: { id: pick.id, questionId, status: "active", actualPayout: 0 } },
      {
        type: "transaction",
        data: { id: ref?.transactionId, amount: -6, transactionType: "spend", description: "Pick", createdAt: now },
      },
    ]);
    expect(result.activity).toEqual({
      type: "activity",
      data: {
        id: ref?.activityId,
        kind: "pick",
        username: await usernameOf(userId),
        questionId,
        questionTitle: "Will it rain?",
        choice: "no",
        credits: 6,
        createdAt: now,
      },
    });
    const activityRow = await shardOf(userId)
      .prepare("SELECT id, credits, created_at FROM activity_feed WHERE user_id = ?")
      .bind(userId)
      .first();
    expect(activityRow).toEqual({ id: ref?.activityId, credits: 6, created_at: now });

    const { paidReferrerId, ...answered } = result;
    expect(paidReferrerId).toBeNull();
    expect(await replayPick(shardOf(userId), ref!)).toEqual(answered);
  });

  it("sends no transaction message for a free pick", async () => {
    const userId = await createPlayer();
    const questionId = await insertQuestion({ creditCost: 0 });
    const result = await submitPick(shardOf(userId), {
      userId,
      questionId,
      choice: "yes",
      multiplier: 5,
      now: Date.now(),
    });
    expect(result.body.pick).toMatchObject({ creditsSpent: 0, multiplier: 1, potentialPayout: 2 });
    expect(result.events.map((event) => event.type)).toEqual(["credits", "pick"]);
    expect(result.activity.data).toMatchObject({ credits: 0 });
  });

  it("picks after all when credits arrive between a refused batch and the read of why, charging once", async () => {
    const userId = await createPlayer(1);
    const questionId = await insertQuestion({ creditCost: 3 });
    const sizes: number[] = [];
    // A daily claim that commits just after the pick's batch was refused for the balance.
    const racing = sizing(shardOf(userId), sizes, async () => {
      if (sizes.length === 1) await grantCredits(userId, 5, "bonus", shardOf(userId));
    });
    const result = await submitPick(racing, { userId, questionId, choice: "yes", multiplier: 1, now: Date.now() });
    expect(pickBatches(sizes)).toBe(2);
    expect(result.body.credits.balance).toBe(3);
    const spends = await shardOf(userId)
      .prepare("SELECT COUNT(*) AS n FROM credit_transactions WHERE pick_id IS NOT NULL AND user_id = ?")
      .bind(userId)
      .first("n");
    expect(spends).toBe(1);
  });

  it("still refuses for the balance when nothing arrives, without trying again", async () => {
    const userId = await createPlayer(1);
    const sizes: number[] = [];
    const picking = submitPick(sizing(shardOf(userId), sizes), {
      userId,
      questionId: await insertQuestion({ creditCost: 3 }),
      choice: "yes",
      multiplier: 1,
      now: Date.now(),
    });
    await expect(picking).rejects.toMatchObject({ code: "insufficient_credits" });
    expect(pickBatches(sizes)).toBe(1);
  });

  it("leaves the referral bonus statements out of the batch of a player nobody referred, and only then", async () => {
    const sizes: number[] = [];
    const pickAs = async (referred: boolean | undefined) => {
      const userId = await createPlayer(5);
      return submitPick(sizing(shardOf(userId), sizes), {
        userId,
        questionId: await insertQuestion({ creditCost: 1 }),
        choice: "yes",
        multiplier: 1,
        now: Date.now(),
        referred,
      });
    };
    await pickAs(undefined);
    await pickAs(true);
    const lean = await pickAs(false);
    expect(lean.body.pick.creditsSpent).toBe(1);
    expect(lean.others).toEqual([]);
    const [unknown, referred, notReferred] = sizes;
    expect(referred).toBe(unknown);
    expect(notReferred).toBeLessThan(referred! - 5);
  });
});
