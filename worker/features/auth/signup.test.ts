import { env } from "cloudflare:test";
import { shardOf } from "../../test/players";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../lib/ids";
import { outboxFor, signUp, signUpAndLogin, tokenFromLatestEmail } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { expectLedgerClean } from "../../test/ledger";

type UserRow = {
  id: string;
  username: string;
  role: string;
  country: string;
  referral_code: string;
  referred_by: string | null;
  password_hash: string;
  password_salt: string;
  password_iterations: number;
  email_confirmed_at: number | null;
};

const userByEmail = (email: string) =>
  env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<UserRow>();

const confirm = async (token: string) =>
  expect((await apiClient().auth.confirm.$post({ json: { token } })).status).toBe(200);

const ledgerOf = (userId: string) =>
  shardOf(userId)
    .prepare("SELECT amount, transaction_type, source, idempotency_key FROM credit_transactions WHERE user_id = ?")
    .bind(userId)
    .all()
    .then((r) => r.results);

const balanceOf = (userId: string) =>
  shardOf(userId)
    .prepare("SELECT balance FROM user_credits WHERE user_id = ?")
    .bind(userId)
    .first<{ balance: number }>();

describe("POST /api/auth/signup", () => {
  it("creates an unconfirmed account, emails a confirmation link and pays the 5-credit bonus on confirmation", async () => {
    const { status, body } = await successOf(signUp("New.Player@Example.com", { country: "ca" }));
    expect(status).toBe(201);
    expect(body).toEqual({ status: "confirmation_required" });

    const user = await userByEmail("new.player@example.com");
    expect(user).toMatchObject({ role: "player", country: "CA", email_confirmed_at: null, referred_by: null });
    expect(user?.username).toMatch(/^[A-Za-z]+\d{4}$/);
    expect(user?.referral_code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(user?.password_iterations).toBe(100_000);
    expect(atob(user?.password_salt ?? "")).toHaveLength(16);
    expect(user?.password_hash).not.toContain("password123");

    expect(await ledgerOf(user!.id)).toEqual([]);

    const [email] = await outboxFor("new.player@example.com");
    expect(email?.subject).toBe("Confirm your Pickstreak account");
    expect(email?.text).toMatch(/http:\/\/localhost:8787\/auth\?mode=login&confirm=\d{1,4}\.[\w-]{43}/);
    const token = await tokenFromLatestEmail("new.player@example.com", "confirm");
    const stored = await shardOf(user!.id)
      .prepare("SELECT token_hash, expires_at - created_at AS ttl FROM auth_tokens WHERE user_id = ?")
      .bind(user!.id)
      .first<{ token_hash: string; ttl: number }>();
    expect(stored).toEqual({ token_hash: await sha256Hex(token), ttl: 24 * 60 * 60 * 1000 });

    await confirm(token);
    expect(await ledgerOf(user!.id)).toEqual([
      { amount: 5, transaction_type: "bonus", source: "bonus", idempotency_key: `signup:${user!.id}` },
    ]);
    expect(await balanceOf(user!.id)).toEqual({ balance: 5 });
    await expectLedgerClean();
  });

  it("keeps a chosen username", async () => {
    expect((await signUp("named@example.com", { username: "Streak_King" })).status).toBe(201);
    expect((await userByEmail("named@example.com"))?.username).toBe("Streak_King");
  });

  it.each([
    [{ email: "not-an-email", password: "secret1", country: "US" }, "Please enter a valid email address"],
    [{ password: "secret1", country: "US" }, "Please enter a valid email address"],
    [{ email: "a@example.com", password: "12345", country: "US" }, "Password must be at least 6 characters"],
    [{ email: "a@example.com", country: "US" }, "Password must be at least 6 characters"],
    [{ email: "a@example.com", password: "secret1", ageConfirmed: true }, "Please select your country"],
    [{ email: "a@example.com", password: "secret1", country: "ZZ", ageConfirmed: true }, "Please select your country"],
    [{ email: "a@example.com", password: "secret1", country: "US" }, "You must confirm you are 18 or older to sign up"],
    [
      { email: "a@example.com", password: "secret1", country: "US", ageConfirmed: false },
      "You must confirm you are 18 or older to sign up",
    ],
    [
      { email: "a@example.com", password: "secret1", country: "US", ageConfirmed: "yes" },
      "You must confirm you are 18 or older to sign up",
    ],
    [
      { email: "a@example.com", password: "secret1", country: "US", ageConfirmed: true, username: "fuck_this" },
      "Inappropriate Content Detected",
    ],
    [
      { email: "a@example.com", password: "secret1", country: "US", ageConfirmed: true, username: "no spaces!" },
      "Username must be 3 to 20 characters: letters, numbers and underscores only",
    ],
  ])("refuses %o with its message", async (json, message) => {
    // Some of these bodies lack a field the route's types require, so they go untyped.
    const { status, body } = await callJson("/api/auth/signup", { method: "POST", json });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: "validation_failed", message } });
    expect(await userByEmail("a@example.com")).toBeNull();
  });

  it("re-sends the confirmation to an unconfirmed address with the same answer", async () => {
    await signUp("twice@example.com");
    const again = await successOf(signUp("twice@example.com", { password: "another-password" }));
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ status: "confirmation_required" });
    expect(await outboxFor("twice@example.com")).toHaveLength(2);
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'twice@example.com'").first();
    expect(users).toEqual({ n: 1 });
  });

  it("answers a confirmed address the same way, changes nothing and warns the owner", async () => {
    const account = await signUpAndLogin("owner@example.com");
    const before = await userByEmail("owner@example.com");
    const again = await successOf(signUp("owner@example.com", { password: "attacker-password" }));
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ status: "confirmation_required" });
    expect(await userByEmail("owner@example.com")).toEqual(before);
    const [latest] = await outboxFor("owner@example.com");
    expect(latest?.subject).toBe("Someone tried to sign up with your email");
    expect(await balanceOf(account.userId)).toEqual({ balance: 5 });
  });

  it("gives 10 credits with a valid referral code and records the referrer", async () => {
    const referrer = await signUpAndLogin("referrer@example.com");
    const code = (await userByEmail("referrer@example.com"))!.referral_code;
    const invited = await signUpAndLogin("invited@example.com", { ref: code.toLowerCase() });
    expect((await userByEmail("invited@example.com"))?.referred_by).toBe(referrer.userId);
    expect(await balanceOf(invited.userId)).toEqual({ balance: 10 });
    await expectLedgerClean();
  });

  it("gives the usual 5 credits for an unknown referral code or LOADING", async () => {
    await signUpAndLogin("noref1@example.com", { ref: "NOSUCH99" });
    await signUpAndLogin("noref2@example.com", { ref: "LOADING" });
    for (const email of ["noref1@example.com", "noref2@example.com"]) {
      const user = await userByEmail(email);
      expect(user?.referred_by).toBeNull();
      expect(await balanceOf(user!.id)).toEqual({ balance: 5 });
    }
    await expectLedgerClean();
  });

  it("refuses a username already taken in any letter case", async () => {
    await signUp("first@example.com", { username: "SameName" });
    const taken = await signUp("second@example.com", { username: "samename" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: { code: "conflict", message: "Username is already taken" } });
  });

  it("makes the ADMIN_EMAILS address an admin", async () => {
    await signUp("Admin@Example.com");
    expect((await userByEmail("admin@example.com"))?.role).toBe("admin");
  });

  it("limits sign-ups per IP", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < 20; i++) expect((await signUp(`burst${i}@example.com`, { ip })).status).toBe(201);
    const over = await signUp("burst-over@example.com", { ip });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({
      error: { code: "rate_limited", message: "Too many requests. Please try again later." },
    });
    expect(await userByEmail("burst-over@example.com")).toBeNull();
  });
});

describe("POST /api/auth/resend-confirmation", () => {
  const resend = (email: string) => apiClient().auth["resend-confirmation"].$post({ json: { email } });

  it("emails an unconfirmed account and answers every address alike", async () => {
    await signUp("pending@example.com");
    await signUpAndLogin("done@example.com");
    const answers = await Promise.all(
      ["pending@example.com", "done@example.com", "nobody@example.com"].map((email) => successOf(resend(email))),
    );
    for (const answer of answers)
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { ok: true } });
    expect(await outboxFor("pending@example.com")).toHaveLength(2);
    expect(await outboxFor("done@example.com")).toHaveLength(1);
    expect(await outboxFor("nobody@example.com")).toHaveLength(0);
  });

  it("validates the email", async () => {
    const refused = await resend("nope");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: "Please enter a valid email address" } });
  });
});
