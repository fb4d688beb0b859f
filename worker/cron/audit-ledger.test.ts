import { describe, expect, it } from "vitest";
import { dataContext } from "../db/data-context";
import { createPlayer } from "../test/players";
import { SHARDS, twoShardEnv, userIdInShard } from "../test/shards";
import { auditLedgerDaily } from "./audit-ledger";

describe("the daily ledger audit across user shards", () => {
  it("audits every shard and says which one a violation is in", async () => {
    const data = dataContext(twoShardEnv());
    await createPlayer(10, SHARDS.SHARD_0, userIdInShard(0));
    const broken = await createPlayer(10, SHARDS.SHARD_1, userIdInShard(1));
    expect(await auditLedgerDaily(data)).toMatchObject({ violations: 0 });

    await SHARDS.SHARD_1.prepare("UPDATE user_credits SET balance = balance + 3 WHERE user_id = ?").bind(broken).run();
    const report = await auditLedgerDaily(data);
    await SHARDS.SHARD_1.prepare("UPDATE user_credits SET balance = balance - 3 WHERE user_id = ?").bind(broken).run();
    expect(report).toMatchObject({
      violations: 1,
      sample: [expect.objectContaining({ kind: "balance_mismatch", userId: broken })],
      shards: [
        { shard: "SHARD_0", violations: 0 },
        { shard: "SHARD_1", violations: 1 },
      ],
    });
  });
});
