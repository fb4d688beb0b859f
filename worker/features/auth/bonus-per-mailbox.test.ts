import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readSettings } from "../../env";
import { deleteAccount } from "../../test/account-deletion";
import { signUp, signUpAndLogin } from "../../test/accounts";
import { apiClient } from "../../test/client";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { withQueuesCaught } from "../../test/queues";
import { insertQuestion } from "../../test/questions";
import { emailFingerprints } from "./email-fingerprint";

const codeOf = async (userId: string) =>
  (await env.DB.prepare("SELECT referral_code FROM users WHERE id = ?")
    .bind(userId)
    .first<{ referral_code: string }>())!.referral_code;
/** A referrer in another shard than the friend is paid through the referral queue, delivered after each pick. */
const { env: queued, deliverAll } = withQueuesCaught(env);
const pickYes = async (headers: Record<string, string>, questionId: string) => {
  const response = await apiClient({ headers, env: queued }).picks.$post({
    json: { questionId, choice: "yes", multiplier: 1 },
    header: {},
  });
  await deliverAll();
  return response;
};

describe("bonuses once per mailbox", () => {
  it("pays the sign-up and referral bonuses once for every spelling of one Gmail mailbox", async () => {
    const referrer = await signUpAndLogin("mailbox-host@example.com");
    const ref = await codeOf(referrer.userId);
    const first = await signUpAndLogin("mail.box.owner@gmail.com", { ref });
    expect(await balanceOf(first.userId)).toBe(10);
    expect((await pickYes(first.bearer, await insertQuestion({ creditCost: 1 }))).status).toBe(201);
    expect(await balanceOf(referrer.userId)).toBe(105);

    for (const address of [
      "mailboxowner@gmail.com",
      "mailboxowner@googlemail.com",
      "mail.boxowner+again@googlemail.com",
    ]) {
      const again = await signUpAndLogin(address, { ref });
      expect(await balanceOf(again.userId), address).toBe(0);
      expect((await pickYes(again.bearer, await insertQuestion({ creditCost: 0 }))).status).toBe(201);
    }
    expect(await balanceOf(referrer.userId)).toBe(105);
    await expectLedgerClean();
  });

  it("counts a claim held under the case-and-tag form as the mailbox's, and passes it on to the mailbox's form", async () => {
    const first = await signUpAndLogin("old.style.claim@gmail.com");
    expect(await balanceOf(first.userId)).toBe(5);
    expect((await deleteAccount(first.cookies)).status).toBe(200);
    // Deleted before the per-provider rules, its claim would be under its address with the dots kept.
    const { current, earlier } = await emailFingerprints(readSettings(env), "old.style.claim@gmail.com");
    expect(earlier).not.toBe(current);
    await env.DB.prepare("UPDATE bonus_claims SET email_hash = ? WHERE email_hash = ?").bind(earlier, current).run();

    const again = await signUpAndLogin("old.style.claim+back@gmail.com");
    expect(await balanceOf(again.userId)).toBe(0);
    const third = await signUpAndLogin("oldstyleclaim@googlemail.com");
    expect(await balanceOf(third.userId)).toBe(0);
  });
});

describe("disposable addresses", () => {
  const disposable = ["someone@mailinator.com", "Someone@YOPMAIL.com", "someone@inbox.guerrillamail.com"];
  it.each(disposable)("refuses a sign-up from %s", async (address) => {
    const response = await signUp(address);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "validation_failed", message: "Please use a permanent email address.", field: "email" },
    });
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE email = ?").bind(address.toLowerCase()).first()).toBeNull();
  });

  it("lets a permanent address sign up", async () => {
    expect((await signUp("permanent.player@outlook.com")).status).toBe(201);
  });
});
