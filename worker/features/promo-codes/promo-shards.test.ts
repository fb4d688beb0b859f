import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { playerDb } from "../../db/shards";
import { newId } from "../../lib/ids";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { faultyD1 } from "../../test/faulty-d1";
import { callJson } from "../../test/http";
import { createPlayerIn } from "../../test/players";
import { sessionFor } from "../../test/sessions";
import { twoShardEnv, userIdInShard } from "../../test/shards";
import { PROMO_MESSAGES as M } from "./promo-codes.schemas";

const shards = twoShardEnv();

const newCode = async (maxRedemptions: number | null = null) => {
  const code = `SH${newId().slice(0, 8).toUpperCase()}`;
  await env.DB.prepare(
    "INSERT INTO promo_codes (code, credits, max_redemptions, created_at, updated_at) VALUES (?, 25, ?, 0, 0)",
  )
    .bind(code, maxRedemptions)
    .run();
  return code;
};

const redeem = async (testEnv: Env, userId: string, code: string) => {
  const { bearer } = await sessionFor(userId, testEnv);
  return callJson<{ creditsAwarded?: number; error?: { message: string } }>("/api/promo-codes/redeem", {
    method: "POST",
    headers: bearer,
    json: { code },
    env: testEnv,
  });
};

const uses = async (code: string) => ({
  count: await env.DB.prepare("SELECT redemption_count FROM promo_codes WHERE code = ?")
    .bind(code)
    .first("redemption_count"),
  rows: await env.DB.prepare("SELECT count(*) AS n FROM promo_redemptions WHERE code = ?").bind(code).first("n"),
});

describe("promo codes with players over two shards", () => {
  it("count uses in the catalogue and pay in the player's shard, once per account and under the cap across shards", async () => {
    const code = await newCode(1);
    const first = await createPlayerIn(shards, 0, userIdInShard(0));
    const second = await createPlayerIn(shards, 0, userIdInShard(1));
    expect((await redeem(shards, first, code)).status).toBe(200);
    expect(await balanceOf(first, shards.SHARD_0)).toBe(25);
    expect(await balanceOf(first, env.DB)).toBe(0);
    const again = await redeem(shards, first, code);
    expect(again.body.error?.message).toBe(M.used);
    const capped = await redeem(shards, second, code);
    expect(capped.body.error?.message).toBe(M.invalid);
    expect(await balanceOf(second, shards.SHARD_1)).toBe(0);
    expect(await uses(code)).toEqual({ count: 1, rows: 1 });
    await expectLedgerClean(shards.SHARD_0);
  });

  it("completes a redemption whose grant never reached the shard on the player's next try, without a second use", async () => {
    const code = await newCode(5);
    const player = await createPlayerIn(shards, 0, userIdInShard(1));
    const lost = { ...shards, SHARD_1: faultyD1(shards.SHARD_1, { mode: "fail-before-commit", nth: 1 }) };
    const { bearer } = await sessionFor(player, shards);
    const failed = await callJson("/api/promo-codes/redeem", {
      method: "POST",
      headers: bearer,
      json: { code },
      env: lost,
    });
    expect(failed.status).toBe(500);
    // The failed grant gave its place back.
    expect(await uses(code)).toEqual({ count: 0, rows: 0 });

    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO promo_redemptions (code, user_id, transaction_id, created_at) VALUES (?, ?, ?, 0)",
      ).bind(code, player, newId()),
      env.DB.prepare("UPDATE promo_codes SET redemption_count = 1 WHERE code = ?").bind(code),
    ]);
    const completed = await redeem(shards, player, code);
    expect(completed.body.creditsAwarded).toBe(25);
    expect(await balanceOf(player, playerDb(shards, player))).toBe(25);
    expect(await uses(code)).toEqual({ count: 1, rows: 1 });
    expect((await redeem(shards, player, code)).body.error?.message).toBe(M.used);
  });

  it("keeps the use of a grant whose answer was lost after it committed", async () => {
    const code = await newCode(5);
    const player = await createPlayerIn(shards, 0, userIdInShard(0));
    const lost = { ...shards, SHARD_0: faultyD1(shards.SHARD_0, { mode: "lose-answer-after-commit", nth: 1 }) };
    const { bearer } = await sessionFor(player, shards);
    expect(
      (await callJson("/api/promo-codes/redeem", { method: "POST", headers: bearer, json: { code }, env: lost }))
        .status,
    ).toBe(500);
    expect(await balanceOf(player, shards.SHARD_0)).toBe(25);
    expect(await uses(code)).toEqual({ count: 1, rows: 1 });
    expect((await redeem(shards, player, code)).body.error?.message).toBe(M.used);
  });
});
