import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../lib/ids";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { createPlayer, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { submitPick } from "../picks/submit-pick.service";

/** A friend written straight to D1 with a referrer (sign-up is the only way to set one, and it costs a PBKDF2 hash). */
const insertFriend = async (referrerId: string) => {
  const id = newId();
  const compact = id.replaceAll("-", "");
  await env.DB.prepare(
    "INSERT INTO users (id, email, username, referral_code, referred_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0)",
  )
    .bind(id, `${compact}@friends.example`, `f_${compact.slice(0, 24)}`, compact, referrerId)
    .run();
  return id;
};

const bonusRows = async (friendId: string) =>
  (await env.DB.prepare("SELECT user_id, amount FROM credit_transactions WHERE idempotency_key LIKE ? ORDER BY amount")
    .bind(`referral:${friendId}:%`)
    .all()).results;

const creditsRows = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM user_credits WHERE user_id = ?").bind(userId).first<{ n: number }>())?.n;

describe("referral bonus statements (decided inside the pick's batch)", () => {
  it("pay a friend of a deleted referrer, and not the referrer", async () => {
    const referrer = await createPlayer();
    await env.DB.prepare("UPDATE users SET deleted_at = 1 WHERE id = ?").bind(referrer).run();
    const friend = await insertFriend(referrer);
    await placePick(friend, await insertQuestion({ creditCost: 0 }), "yes");
    expect(await bonusRows(friend)).toEqual([{ user_id: friend, amount: 50 }]);
    expect(await balanceOf(friend)).toBe(50);
    expect(await balanceOf(referrer)).toBe(0);
    await expectLedgerClean();
  });

  it("pay both on a free first pick of a friend without a credits row, and nothing on the next picks", async () => {
    const referrer = await createPlayer();
    const friend = await insertFriend(referrer);
    expect(await creditsRows(friend)).toBe(0);
    await placePick(friend, await insertQuestion({ creditCost: 0 }), "no");
    await placePick(friend, await insertQuestion({ creditCost: 2 }), "yes", 3);
    expect(await bonusRows(friend)).toEqual([
      { user_id: friend, amount: 50 },
      { user_id: referrer, amount: 100 },
    ]);
    expect(await balanceOf(friend)).toBe(50 - 6);
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
    const friend = await insertFriend(referrer);
    const pick = (questionId: string) => submitPick(env.DB, { userId: friend, questionId, choice: "yes", multiplier: 1, now: Date.now() });
    const first = await pick(await insertQuestion({ creditCost: 0 }));
    expect(first.others).toEqual([{ userId: referrer, messages: [{ type: "credits", data: expect.objectContaining({ balance: 107 }) }] }]);
    expect((await pick(await insertQuestion({ creditCost: 0 }))).others).toEqual([]);
  });
});
