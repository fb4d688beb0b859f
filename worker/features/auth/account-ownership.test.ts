import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../index";
import { readSettings } from "../../env";
import { deleteAccount } from "../../test/account-deletion";
import { wrappedD1 } from "../../test/wrapped-d1";
import { outboxFor, signUp, signUpAndLogin, tokenFromLatestEmail } from "../../test/accounts";
import { apiClient } from "../../test/client";
import { BASE_URL } from "../../test/http";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { caughtQueue, withNoticesDelivered, withQueuesCaught } from "../../test/queues";
import { countingEnv } from "../../test/counting-d1";
import { insertQuestion } from "../../test/questions";
import { emailFingerprint, normaliseEmail } from "./email-fingerprint";
import { CHOOSE_PASSWORD_MESSAGE } from "./signup.routes";

const confirm = (token: string, password?: string) => apiClient().auth.confirm.$post({ json: { token, password } });
const login = (email: string, password: string) => apiClient().auth.login.$post({ json: { email, password } });
const userRow = (email: string) =>
  env.DB.prepare("SELECT id, username, country, referred_by FROM users WHERE email = ? AND deleted_at IS NULL")
    .bind(email)
    .first<{ id: string; username: string; country: string; referred_by: string | null }>();
const codeOf = async (userId: string) =>
  (await env.DB.prepare("SELECT referral_code FROM users WHERE id = ?")
    .bind(userId)
    .first<{ referral_code: string }>())!.referral_code;
const requestReset = (email: string) => apiClient().auth["password-reset"].$post({ json: { email } });
const completeReset = (token: string, password: string) =>
  apiClient().auth["password-reset"].complete.$post({ json: { token, password } });
const resetPassword = async (email: string, password: string) => {
  expect((await requestReset(email)).status).toBe(200);
  const token = await tokenFromLatestEmail(email, "token");
  expect((await completeReset(token, password)).status).toBe(200);
};
const deleteMe = (headers: Record<string, string>) => deleteAccount(headers);
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

describe("pre-account hijack", () => {
  it("leaves the mailbox's owner the only one who can sign in when an attacker signed up first", async () => {
    const attacker = await signUpAndLogin("attacker-host@example.com");
    const victim = "victim@example.com";
    await signUp(victim, {
      password: "attacker-pass",
      username: "Sneaky_One",
      country: "CA",
      ref: await codeOf(attacker.userId),
    });
    const attackerLink = await tokenFromLatestEmail(victim, "confirm");

    await signUp(victim, { password: "owner-pass" });
    expect(await userRow(victim)).toMatchObject({ country: "US", referred_by: null });
    expect((await userRow(victim))?.username).not.toBe("Sneaky_One");
    expect((await confirm(attackerLink, "attacker-pass")).status).toBe(400);

    expect((await confirm(await tokenFromLatestEmail(victim, "confirm"), "owner-chosen")).status).toBe(200);
    expect((await login(victim, "attacker-pass")).status).toBe(401);
    expect((await login(victim, "owner-pass")).status).toBe(401);
    expect((await login(victim, "owner-chosen")).status).toBe(200);
    expect(await balanceOf((await userRow(victim))!.id)).toBe(5);
    await expectLedgerClean();
  });

  it("leaves the mailbox's owner the only one who can sign in when an attacker signed up after her", async () => {
    const victim = "victim-first@example.com";
    await signUp(victim, { password: "victim-pass" });
    await signUp(victim, { password: "attacker-pass" });
    const link = await tokenFromLatestEmail(victim, "confirm");

    // The one working link activates no password chosen at sign-up: it asks whoever opened it, and stays usable.
    const asked = await confirm(link);
    expect(asked.status).toBe(400);
    expect(await asked.json()).toEqual({
      error: { code: "validation_failed", message: CHOOSE_PASSWORD_MESSAGE, field: "password" },
    });
    expect((await login(victim, "attacker-pass")).status).toBe(401);

    expect((await confirm(link, "victim-chosen")).status).toBe(200);
    expect((await confirm(link, "attacker-pass")).status).toBe(400);
    for (const password of ["attacker-pass", "victim-pass"]) expect((await login(victim, password)).status).toBe(401);
    expect((await login(victim, "victim-chosen")).status).toBe(200);
  });

  it("keeps the latest sign-up's name and referral when an address is signed up for twice", async () => {
    const host = await signUpAndLogin("honest-host@example.com");
    const address = "twice-over@example.com";
    await signUp(address, { password: "first-pass" });
    await signUp(address, { password: "second-pass", username: "Second_Go", ref: await codeOf(host.userId) });
    expect((await confirm(await tokenFromLatestEmail(address, "confirm"), "chosen-pass")).status).toBe(200);
    expect((await login(address, "chosen-pass")).status).toBe(200);
    expect(await userRow(address)).toMatchObject({ username: "Second_Go", referred_by: host.userId });
    expect(await balanceOf((await userRow(address))!.id)).toBe(10);
  });

  it("lets a re-sign-up keep the username it held, and refuses one another account holds", async () => {
    await signUp("holder@example.com", { username: "Held_Name" });
    expect((await signUp("holder@example.com", { username: "Held_Name" })).status).toBe(201);
    await signUpAndLogin("taken-name@example.com", { username: "Taken_Name" });
    expect((await signUp("holder@example.com", { username: "Taken_Name" })).status).toBe(409);
  });
});

describe("stale links", () => {
  it("retires every older confirmation link once the account is confirmed, even after a reset", async () => {
    const address = "stale@example.com";
    await signUp(address);
    const older = await tokenFromLatestEmail(address, "confirm");
    expect((await apiClient().auth["resend-confirmation"].$post({ json: { email: address } })).status).toBe(200);
    const newer = await tokenFromLatestEmail(address, "confirm");
    expect(newer).not.toBe(older);
    expect((await confirm(newer)).status).toBe(200);
    await resetPassword(address, "brand-new-pass");
    expect((await confirm(older)).status).toBe(400);
  });

  it("retires outstanding confirmation and reset links when a reset completes", async () => {
    const address = "reset-retires@example.com";
    await signUp(address);
    const confirmation = await tokenFromLatestEmail(address, "confirm");
    await resetPassword(address, "reset-pass-1");
    expect((await confirm(confirmation)).status).toBe(400);
    expect((await login(address, "reset-pass-1")).status).toBe(200);
    expect(await balanceOf((await userRow(address))!.id)).toBe(5);
  });

  it("retires an outstanding reset link when the address is confirmed", async () => {
    const address = "confirm-retires@example.com";
    await signUp(address);
    await requestReset(address);
    const reset = await tokenFromLatestEmail(address, "token");
    await signUp(address, { password: "second-pass" });
    expect((await confirm(await tokenFromLatestEmail(address, "confirm"), "chosen-pass")).status).toBe(200);
    const late = await completeReset(reset, "hijack-pass");
    expect(late.status).toBe(400);
  });
});

describe("answers that do not depend on the address", () => {
  /** A database whose address lookups wait until released, so an answer sent before them shows. */
  const heldLookups = () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const d1 = wrappedD1(env.DB, (core) => ({
      batch: (statements) => core.batch(statements),
      prepare: (query) => {
        const statement = core.prepare(query);
        if (!/FROM users WHERE email = \?/.test(query)) return statement;
        return new Proxy(statement, {
          get: (target, name) =>
            name === "bind"
              ? (...values: unknown[]) => {
                  const bound = target.bind(...values);
                  return new Proxy(bound, {
                    get: (inner, key) =>
                      key === "first" ? async () => (await released, inner.first()) : Reflect.get(inner, key, inner),
                  });
                }
              : Reflect.get(target, name, target),
        });
      },
    }));
    return { d1, release };
  };

  it.each([
    ["/api/auth/password-reset", "token"],
    ["/api/auth/resend-confirmation", "confirm"],
  ] as const)("%s answers before looking the address up, and sends the email after", async (path, param) => {
    const address = `deferred-${param}@example.com`;
    await signUp(address);
    const before = (await outboxFor(address)).length;
    const { d1, release } = heldLookups();
    const ctx = createExecutionContext();
    const request = new Request(`${BASE_URL}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.9.9.9" },
      body: JSON.stringify({ email: address }),
    });
    const answer = await Promise.race([
      worker.fetch(request, withNoticesDelivered({ ...env, DB: d1 }), ctx),
      new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 2_000)),
    ]);
    expect(answer).not.toBe("waited");
    expect((answer as Response).status).toBe(200);
    expect(await outboxFor(address)).toHaveLength(before);
    release();
    await waitOnExecutionContext(ctx);
    expect(await outboxFor(address)).toHaveLength(before + 1);
    await tokenFromLatestEmail(address, param);
  });
});

describe("work after the answer that does not depend on the address", () => {
  it.each([
    ["/api/auth/password-reset", "password_reset"],
    ["/api/auth/resend-confirmation", "confirm_email"],
  ] as const)(
    "%s queues the same one request for a known and an unknown address, and reads nothing",
    async (path, accountLink) => {
      const known = `known-${accountLink}@example.com`;
      await signUp(known);
      const work = async (address: string) => {
        const { env: counting, counter } = countingEnv();
        const emails = caughtQueue();
        const ctx = createExecutionContext();
        const request = new Request(`${BASE_URL}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.9.9.10" },
          body: JSON.stringify({ email: address }),
        });
        expect((await worker.fetch(request, { ...counting, EMAIL_QUEUE: emails.queue }, ctx)).status).toBe(200);
        await waitOnExecutionContext(ctx);
        return { reads: counter.calls, sent: emails.sent };
      };
      const rateLimitTrips = (await work(`nobody-${accountLink}@example.com`)).reads;
      expect(await work(known)).toEqual({ reads: rateLimitTrips, sent: [{ accountLink, address: known }] });
      expect(await work(`nobody-${accountLink}@example.com`)).toEqual({
        reads: rateLimitTrips,
        sent: [{ accountLink, address: `nobody-${accountLink}@example.com` }],
      });
    },
  );
});

describe("bonuses once per address", () => {
  it("normalises an address as one person: case and +tags", () => {
    expect(normaliseEmail(" Some.One+promo@Example.COM ")).toBe("some.one@example.com");
    expect(normaliseEmail("plain@example.com")).toBe("plain@example.com");
  });

  it("keys the hash: the address is not its plain SHA-256, and the same person hashes alike", async () => {
    const settings = readSettings(env);
    const a = await emailFingerprint(settings, "Recycler+1@example.com");
    expect(a).toBe(await emailFingerprint(settings, "recycler@example.com"));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    const other = await emailFingerprint(
      { ...settings, EMAIL_FINGERPRINT_SECRET: "another-secret-0123456789abcdef0123" },
      "recycler@example.com",
    );
    expect(other).not.toBe(a);
  });

  it("pays no sign-up or referral bonus to an address signed up again after deleting its account", async () => {
    const referrer = await signUpAndLogin("recycle-host@example.com");
    const ref = await codeOf(referrer.userId);
    const first = await signUpAndLogin("recycler@example.com", { ref });
    expect(await balanceOf(first.userId)).toBe(10);
    expect((await pickYes(first.bearer, await insertQuestion({ creditCost: 1 }))).status).toBe(201);
    expect(await balanceOf(referrer.userId)).toBe(105);
    expect((await deleteMe(first.cookies)).status).toBe(200);

    for (const address of ["recycler@example.com", "recycler+again@example.com"]) {
      const again = await signUpAndLogin(address, { ref });
      expect(await balanceOf(again.userId)).toBe(0);
      const questionId = await insertQuestion({ creditCost: 0 });
      expect((await pickYes(again.bearer, questionId)).status).toBe(201);
      expect((await deleteMe(again.cookies)).status).toBe(200);
    }
    expect(await balanceOf(referrer.userId)).toBe(105);
    await expectLedgerClean();
  });

  it("remembers an address from before the claims when its account is deleted", async () => {
    const legacy = await signUpAndLogin("legacy@example.com");
    await env.DB.prepare("DELETE FROM bonus_claims WHERE user_id = ?").bind(legacy.userId).run();
    expect((await deleteMe(legacy.cookies)).status).toBe(200);
    const again = await signUpAndLogin("legacy@example.com");
    expect(await balanceOf(again.userId)).toBe(0);
  });
});
