import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deleteAccount } from "../../test/account-deletion";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { expectLedgerClean } from "../../test/ledger";
import { shardOf } from "../../test/players";
import { insertQuestion } from "../../test/questions";

type MeUpdate = Parameters<ReturnType<typeof apiClient>["me"]["$patch"]>[0]["json"];

const getMe = (account: TestAccount) => successOf(apiClient({ headers: account.cookies }).me.$get());

const patchMe = (account: TestAccount, json: MeUpdate) => apiClient({ headers: account.cookies }).me.$patch({ json });

describe("GET /api/me", () => {
  it("returns the profile and the credits", async () => {
    const account = await signUpAndLogin("me@example.com", { country: "GB", username: "MeMyself" });
    const { status, body } = await getMe(account);
    expect(status).toBe(200);
    expect(body).toEqual({
      user: {
        id: account.userId,
        email: "me@example.com",
        username: "MeMyself",
        country: "GB",
        countryFlagUrl: "/flags/gb.svg",
        countryManuallySet: false,
        role: "player",
        createdAt: expect.any(Number),
        maxStreak: 0,
        referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      },
      credits: { balance: 5, totalEarned: 5, totalSpent: 0, redeemable: 0 },
    });
    await expectLedgerClean();
  });

  it("answers 401 when signed out", async () => {
    const signedOut = await apiClient().me.$get();
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: { code: "unauthorized", message: "Please log in to continue" } });
  });

  it("creates a missing credits row instead of failing", async () => {
    const account = await signUpAndLogin("legacy@example.com");
    const shard = shardOf(account.userId);
    await shard.batch([
      shard.prepare("DELETE FROM credit_transactions WHERE user_id = ?").bind(account.userId),
      shard.prepare("DELETE FROM user_credits WHERE user_id = ?").bind(account.userId),
    ]);
    const { status, body } = await getMe(account);
    expect(status).toBe(200);
    expect(body.credits).toEqual({ balance: 0, totalEarned: 0, totalSpent: 0, redeemable: 0 });
    const row = await shard.prepare("SELECT balance FROM user_credits WHERE user_id = ?").bind(account.userId).first();
    expect(row).toEqual({ balance: 0 });
    await expectLedgerClean();
  });
});

describe("PATCH /api/me", () => {
  it("renames the user and marks a chosen country as manual", async () => {
    const account = await signUpAndLogin("rename@example.com");
    const { status, body } = await successOf(patchMe(account, { username: "  New_Name_1 ", country: "de" }));
    expect(status).toBe(200);
    expect(body.user).toMatchObject({
      username: "New_Name_1",
      country: "DE",
      countryFlagUrl: "/flags/de.svg",
      countryManuallySet: true,
    });
    const renamedOnly = await successOf(patchMe(account, { username: "new_name_1" }));
    expect(renamedOnly.body.user).toMatchObject({ username: "new_name_1", country: "DE" });
  });

  it.each([
    [{ username: "" }, "Username cannot be empty. Reverted to previous name."],
    [{ username: "   " }, "Username cannot be empty. Reverted to previous name."],
    [{ username: "fuck face" }, "Inappropriate Content Detected"],
    [{ username: "sh1thead" }, "Inappropriate Content Detected"],
    [{ username: "ab" }, "Username must be 3 to 20 characters: letters, numbers and underscores only"],
    [{ username: "a".repeat(21) }, "Username must be 3 to 20 characters: letters, numbers and underscores only"],
    [{ country: "" }, "Please select your country"],
    [{ country: "XX" }, "Please select your country"],
  ])("refuses %o with its message and changes nothing", async (json, message) => {
    const account = await signUpAndLogin(`patch-${crypto.randomUUID()}@example.com`);
    const before = (await getMe(account)).body.user;
    const refused = await patchMe(account, json);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: "validation_failed", message } });
    expect((await getMe(account)).body.user).toEqual(before);
  });

  it("refuses a username someone else has, in any letter case", async () => {
    await signUpAndLogin("holder@example.com", { username: "TakenName" });
    const account = await signUpAndLogin("wanter@example.com");
    const taken = await patchMe(account, { username: "takenname" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: { code: "conflict", message: "Username is already taken" } });
  });

  it("answers 401 when signed out", async () => {
    expect((await apiClient().me.$patch({ json: { username: "x_y_z" } })).status).toBe(401);
  });
});

describe("DELETE /api/me", () => {
  it("erases personal data, ends the sessions and keeps the ledger", async () => {
    const account = await signUpAndLogin("leaving@example.com", { username: "Leaver" });
    await apiClient({ headers: account.cookies }).contact.$post({
      json: { name: "Leaver", email: "leaving@example.com", subject: "Bye", message: "Bye" },
    });
    const kept = await insertQuestion({ id: "kept-by-leaver" });
    await successOf(
      apiClient({ headers: account.cookies }).bookmarks[":questionId"].$put({ param: { questionId: kept } }),
    );
    await successOf(apiClient({ headers: account.cookies }).me.$patch({ json: { country: "DE" } }));
    const response = await deleteAccount(account.cookies);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__Host-access=;"))).toBe(true);

    // Erased in the directory and in the player's shard alike.
    for (const d1 of new Set([env.DB, shardOf(account.userId)])) {
      const row = await d1
        .prepare("SELECT * FROM users WHERE id = ?")
        .bind(account.userId)
        .first<Record<string, unknown>>();
      expect(row).toMatchObject({
        password_hash: null,
        password_salt: null,
        password_iterations: null,
        country: "ZZ",
        country_manually_set: 0,
        deleted_at: expect.any(Number),
      });
      expect(row?.email).toMatch(/^deleted-[0-9a-f]{32}@deleted\.invalid$/);
      expect(row?.username).toMatch(/^deleted_[0-9a-f]{32}$/);
      expect(JSON.stringify(row)).not.toMatch(/leaving|Leaver/);
    }
    const contact = await env.DB.prepare("SELECT count(*) AS n FROM contact_messages WHERE user_id = ?")
      .bind(account.userId)
      .first();
    expect(contact).toEqual({ n: 0 });
    const bookmarks = await shardOf(account.userId)
      .prepare("SELECT count(*) AS n FROM user_bookmarks WHERE user_id = ?")
      .bind(account.userId)
      .first();
    expect(bookmarks).toEqual({ n: 0 });

    expect((await apiClient({ headers: account.cookies }).me.$get()).status).toBe(401);
    const login = await apiClient().auth.login.$post({
      json: { email: "leaving@example.com", password: "password123" },
    });
    expect(login.status).toBe(401);
    const ledger = await shardOf(account.userId)
      .prepare("SELECT count(*) AS n FROM credit_transactions WHERE user_id = ?")
      .bind(account.userId)
      .first();
    expect(ledger).toEqual({ n: 1 });
    await expectLedgerClean();
  });

  it("frees the email for a new account", async () => {
    const account = await signUpAndLogin("again@example.com");
    await deleteAccount(account.cookies);
    const fresh = await signUpAndLogin("again@example.com");
    expect(fresh.userId).not.toBe(account.userId);
  });

  it("answers 401 when signed out", async () => {
    expect((await deleteAccount({})).status).toBe(401);
  });
});
