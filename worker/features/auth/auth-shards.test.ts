import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bucketOf } from "#shared/shard-map";
import { dataContext } from "../../db/data-context";
import { deleteAccount } from "../../test/account-deletion";
import { apiClient, bodyAt, successOf } from "../../test/client";
import { call } from "../../test/http";
import { responseCookies, sessionHeaders, signUp, signUpAndLogin, tokenFromLatestEmail } from "../../test/accounts";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { playerToken, tokenDb } from "./player-token";

const shards = twoShardEnv();
const playerDb = (userId: string) => dataContext(shards).player(userId);
const otherShard = (userId: string) => [shards.SHARD_0, shards.SHARD_1].find((db) => db !== playerDb(userId))!;
const count = async (d1: D1Database, sql: string, ...params: unknown[]) =>
  (
    await d1
      .prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;
const me = (cookies: Record<string, string>) => successOf(apiClient({ headers: cookies, env: shards }).me.$get());

describe("accounts with players over two shards", () => {
  it("keeps the directory in the catalogue and everything else of the player in their shard", async () => {
    const account = await signUpAndLogin("sharded.one@example.com", { env: shards });
    const home = playerDb(account.userId);
    expect(
      await count(
        env.DB,
        "SELECT count(*) AS n FROM users WHERE id = ? AND email_confirmed_at IS NOT NULL AND bonus_owner = 1",
        account.userId,
      ),
    ).toBe(1);
    expect(
      await count(
        home,
        "SELECT count(*) AS n FROM users WHERE id = ? AND email_confirmed_at IS NOT NULL AND bonus_owner = 1",
        account.userId,
      ),
    ).toBe(1);
    expect(
      await count(otherShard(account.userId), "SELECT count(*) AS n FROM users WHERE id = ?", account.userId),
    ).toBe(0);
    // The bonus claim is global; the money, the session and the used link are the shard's.
    expect(await count(env.DB, "SELECT count(*) AS n FROM bonus_claims WHERE user_id = ?", account.userId)).toBe(1);
    for (const table of ["sessions", "auth_tokens", "credit_transactions", "user_credits"]) {
      expect(await count(home, `SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, account.userId)).toBeGreaterThan(
        0,
      );
      expect(await count(env.DB, `SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, account.userId)).toBe(0);
    }
    expect(account.refreshToken.split(".")[0]).toBe(String(bucketOf(account.userId)));
    const { body } = await me(account.cookies);
    expect(body.credits.balance).toBe(5);
  });

  it("finds a token's database from the bucket it names, whichever database holds the player", () => {
    const players = [userIdInShard(0), userIdInShard(1), ...Array.from({ length: 50 }, () => crypto.randomUUID())];
    for (const userId of players) expect(tokenDb(dataContext(shards), playerToken(userId))).toBe(playerDb(userId));
  });

  it("signs in, refreshes and signs out against the player's shard", async () => {
    const account = await signUpAndLogin("sharded.two@example.com", { env: shards });
    const login = await apiClient({ env: shards }).auth.login.$post({
      json: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(200);
    const refresh = await call("/api/auth/refresh", {
      method: "POST",
      headers: sessionHeaders("", account.refreshToken),
      env: shards,
    });
    expect(refresh.status).toBe(200);
    const rotated = responseCookies(refresh);
    expect((await me(sessionHeaders(rotated["__Host-access"]!, rotated["__Host-refresh"]!))).body.user.id).toBe(
      account.userId,
    );
    // A token whose bucket was changed names another shard, where its hash finds nothing.
    const [, secret] = account.refreshToken.split(".");
    const moved = await call("/api/auth/refresh", {
      method: "POST",
      headers: sessionHeaders("", `1023.${secret}`),
      env: shards,
    });
    expect(moved.status).toBe(401);
    await call("/api/auth/logout", { method: "POST", headers: account.cookies, env: shards });
    const home = playerDb(account.userId);
    expect(
      await count(home, "SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL", account.userId),
    ).toBe(0);
  });

  it("refuses a username another shard's player holds, and copies a change to the shard", async () => {
    const first = await signUpAndLogin("sharded.three@example.com", { env: shards, username: "shard_three" });
    let second = await signUpAndLogin("sharded.four@example.com", { env: shards });
    for (let i = 0; playerDb(second.userId) === playerDb(first.userId); i++) {
      second = await signUpAndLogin(`sharded.four.${i}@example.com`, { env: shards });
    }
    const taken = await apiClient({ headers: second.cookies, env: shards }).me.$patch({
      json: { username: "Shard_Three" },
    });
    expect(taken.status).toBe(409);
    const renamed = await apiClient({ headers: second.cookies, env: shards }).me.$patch({
      json: { username: "shard_four" },
    });
    expect((await bodyAt(renamed, 200)).user.username).toBe("shard_four");
    expect(
      await count(
        playerDb(second.userId),
        "SELECT count(*) AS n FROM users WHERE id = ? AND username = 'shard_four'",
        second.userId,
      ),
    ).toBe(1);
  });

  it("resets a password through a link that names the player's shard, and ends every session there", async () => {
    const account = await signUpAndLogin("sharded.five@example.com", { env: shards });
    await successOf(apiClient({ env: shards }).auth["password-reset"].$post({ json: { email: account.email } }));
    const token = await tokenFromLatestEmail(account.email, "token");
    await successOf(
      apiClient({ env: shards }).auth["password-reset"].complete.$post({ json: { token, password: "another-pass1" } }),
    );
    const home = playerDb(account.userId);
    expect(
      await count(home, "SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL", account.userId),
    ).toBe(0);
    const login = await apiClient({ env: shards }).auth.login.$post({
      json: { email: account.email, password: "another-pass1" },
    });
    expect(login.status).toBe(200);
  });

  it("pays the sign-up bonus once per address, whichever shard the next account lands in", async () => {
    const account = await signUpAndLogin("sharded.six@example.com", { env: shards });
    await successOf(deleteAccount(account.cookies, { testEnv: shards }));
    expect(
      await count(
        playerDb(account.userId),
        "SELECT count(*) AS n FROM users WHERE id = ? AND deleted_at IS NOT NULL AND email LIKE '%@deleted.invalid'",
        account.userId,
      ),
    ).toBe(1);
    const again = await signUpAndLogin("sharded.six@example.com", { env: shards });
    expect(again.userId).not.toBe(account.userId);
    expect((await me(again.cookies)).body.credits.balance).toBe(0);
  });

  it("answers a repeated sign-up of an unconfirmed address with a link that works once its opener chooses the password", async () => {
    expect((await signUp("sharded.seven@example.com", { env: shards })).status).toBe(201);
    expect((await signUp("sharded.seven@example.com", { env: shards, password: "second-pass1" })).status).toBe(201);
    const token = await tokenFromLatestEmail("sharded.seven@example.com", "confirm");
    expect((await apiClient({ env: shards }).auth.confirm.$post({ json: { token } })).status).toBe(400);
    const confirmed = await apiClient({ env: shards }).auth.confirm.$post({
      json: { token, password: "chosen-pass1" },
    });
    expect(confirmed.status).toBe(200);
    const login = await apiClient({ env: shards }).auth.login.$post({
      json: { email: "sharded.seven@example.com", password: "chosen-pass1" },
    });
    expect(login.status).toBe(200);
  });
});
