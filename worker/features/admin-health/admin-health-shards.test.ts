import { describe, expect, it } from "vitest";
import { dataContext } from "../../db/data-context";
import { pruneExpiredRows } from "../../cron/prune-expired";
import { callJson } from "../../test/http";
import { createPlayerIn } from "../../test/players";
import { signedInAdmin } from "../../test/sessions";
import { twoShardEnv, userIdInShard } from "../../test/shards";

const shards = twoShardEnv();

type Health = { ledgerAudit: { violations: number }; pendingRedemptions: number };

describe("admin health and the pruning cron with players over two shards", () => {
  it("counts a broken ledger in a shard", async () => {
    const admin = await signedInAdmin(shards);
    const health = async () =>
      (await callJson<Health>("/api/admin/health", { headers: admin.bearer, env: shards })).body;
    const before = (await health()).ledgerAudit.violations;
    const playerId = await createPlayerIn(shards, 10, userIdInShard(1));
    await shards.SHARD_1.prepare("UPDATE user_credits SET balance = balance + 1 WHERE user_id = ?")
      .bind(playerId)
      .run();
    expect((await health()).ledgerAudit.violations).toBeGreaterThan(before);
    await shards.SHARD_1.prepare("UPDATE user_credits SET balance = balance - 1 WHERE user_id = ?")
      .bind(playerId)
      .run();
  });

  it("prunes spent tokens and replay answers in every shard", async () => {
    const playerId = await createPlayerIn(shards, 0, userIdInShard(0));
    await shards.SHARD_0.prepare(
      "INSERT INTO auth_tokens (token_hash, user_id, purpose, expires_at, created_at) VALUES (?, ?, 'password_reset', 1, 0)",
    )
      .bind(`old-${playerId}`, playerId)
      .run();
    await pruneExpiredRows(dataContext(shards), Date.now());
    expect(
      await shards.SHARD_0.prepare("SELECT count(*) AS n FROM auth_tokens WHERE user_id = ?").bind(playerId).first("n"),
    ).toBe(0);
  });
});
