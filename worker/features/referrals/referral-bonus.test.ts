import { describe, expect, it } from "vitest";
import { REFERRAL_BONUSES_PER_REFERRER_PER_MONTH } from "../../config";
import { newId } from "../../lib/ids";
import { balanceOf, expectLedgerClean, grantCredits } from "../../test/ledger";
import { createPlayer, placePick, shardOf, updateAccount, userIdBeside } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { commitMovement, grant } from "../credits/ledger.service";
import { submitPick } from "../picks/submit-pick.service";

/**
 * A friend written straight to D1 with a referrer (sign-up is the only way to set one, and it costs a PBKDF2 hash),
 * holding its address's bonus claim as a confirmed first account does. The friend is in the referrer's shard, where
 * the pick's batch pays both bonuses (a referrer elsewhere is paid through the referral queue: referral-shards.test.ts).
 */
const insertFriend = async (referrerId: string, balance = 0) => {
  const id = await createPlayer(0, undefined, userIdBeside(referrerId));
  await updateAccount(id, "referred_by = ?, bonus_owner = 1", { values: [referrerId] });
  if (balance > 0) await grantCredits(id, balance);
  return id;
};

/** The friend's and the referrer's bonuses, both in the friend's shard (insertFriend). */
const bonusRows = async (friendId: string) =>
  (
    await shardOf(friendId)
      .prepare("SELECT user_id, amount FROM credit_transactions WHERE idempotency_key LIKE ? ORDER BY amount")
      .bind(`referral:${friendId}:%`)
      .all()
  ).results;

const creditsRows = async (userId: string) =>
  (
    await shardOf(userId)
      .prepare("SELECT count(*) AS n FROM user_credits WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>()
  )?.n;

describe("referral bonus statements (decided inside the pick's batch)", () => {
  it("pay a friend of a deleted referrer, and not the referrer", async () => {
    const referrer = await createPlayer();
    await updateAccount(referrer, "deleted_at = 1");
    const friend = await insertFriend(referrer, 2);
    await placePick(friend, await insertQuestion({ creditCost: 2 }), "yes");
    expect(await bonusRows(friend)).toEqual([{ user_id: friend, amount: 50 }]);
    expect(await balanceOf(friend)).toBe(50);
    expect(await balanceOf(referrer)).toBe(0);
    await expectLedgerClean();
  });

  it("pay nothing on a free pick, both on the friend's first paid pick, and nothing on the next picks", async () => {
    const referrer = await createPlayer();
    const friend = await insertFriend(referrer);
    await placePick(friend, await insertQuestion({ creditCost: 0 }), "no");
    expect(await bonusRows(friend)).toEqual([]);
    expect(await creditsRows(friend)).toBe(0);
    await grantCredits(friend, 6);
    await placePick(friend, await insertQuestion({ creditCost: 2 }), "yes", 3);
    await placePick(friend, await insertQuestion({ creditCost: 1 }), "yes");
    expect(await bonusRows(friend)).toEqual([
      { user_id: friend, amount: 50 },
      { user_id: referrer, amount: 100 },
    ]);
    expect(await balanceOf(friend)).toBe(50 - 1);
    expect(await balanceOf(referrer)).toBe(100);
    await expectLedgerClean();
  });

  it("create no credits row and pay nothing for a player nobody referred", async () => {
    const loner = await createPlayer();
    await placePick(loner, await insertQuestion({ creditCost: 0 }), "yes");
    expect(await bonusRows(loner)).toEqual([]);
    expect(await creditsRows(loner)).toBe(0);
    await expectLedgerClean();
  });

  it("hand the pick's answer the referrer's new balance for their open screens, on the paying pick only", async () => {
    const referrer = await createPlayer(7);
    const friend = await insertFriend(referrer, 2);
    const pick = (questionId: string) =>
      submitPick(shardOf(friend), { userId: friend, questionId, choice: "yes", multiplier: 1, now: Date.now() });
    const first = await pick(await insertQuestion({ creditCost: 1 }));
    expect(first.others).toEqual([
      { userId: referrer, messages: [{ type: "credits", data: expect.objectContaining({ balance: 107 }) }] },
    ]);
    expect((await pick(await insertQuestion({ creditCost: 1 }))).others).toEqual([]);
  });

  it("pay a referrer at most the monthly cap of referrer bonuses, while every friend still gets theirs", async () => {
    const referrer = await createPlayer();
    const friends = await Promise.all(
      Array.from({ length: REFERRAL_BONUSES_PER_REFERRER_PER_MONTH + 3 }, () => insertFriend(referrer, 1)),
    );
    const questionId = await insertQuestion({ creditCost: 1 });
    await Promise.all(friends.map((friend) => placePick(friend, questionId, "yes")));
    expect(await balanceOf(referrer)).toBe(REFERRAL_BONUSES_PER_REFERRER_PER_MONTH * 100);
    for (const friend of friends) expect(await balanceOf(friend)).toBe(50);
    await expectLedgerClean();
  });

  it("start a referrer's count again with the calendar month", async () => {
    const referrer = await createPlayer();
    const lastMonth = new Date();
    lastMonth.setUTCDate(0);
    for (let i = 0; i < REFERRAL_BONUSES_PER_REFERRER_PER_MONTH; i++) {
      const idempotencyKey = `referral:${newId()}:referrer`;
      const movement = grant(shardOf(referrer), {
        userId: referrer,
        amount: 100,
        idempotencyKey,
        transactionType: "bonus",
        source: "bonus",
        now: lastMonth.getTime(),
      });
      await commitMovement(shardOf(referrer), movement);
    }
    const friend = await insertFriend(referrer, 1);
    await placePick(friend, await insertQuestion({ creditCost: 1 }), "yes");
    expect(await bonusRows(friend)).toHaveLength(2);
    await expectLedgerClean();
  });

  it("pay nothing for a friend whose account does not hold its address's bonus claim (a re-created account)", async () => {
    const referrer = await createPlayer();
    const friend = await insertFriend(referrer, 1);
    await updateAccount(friend, "bonus_owner = 0");
    await placePick(friend, await insertQuestion({ creditCost: 1 }), "yes");
    expect(await bonusRows(friend)).toEqual([]);
    expect(await balanceOf(referrer)).toBe(0);
    await expectLedgerClean();
  });
});
