import { describe, expect, it } from "vitest";
import { dataContext } from "../../db/data-context";
import { auditLedgerAfterEach } from "../../test/ledger";
import { playerDb } from "../../db/shards";
import { apiClient, successOf } from "../../test/client";
import { placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInPlayerPerShard } from "../../test/shard-players";
import { rowsByDatabase, SHARDS } from "../../test/shards";
import { twoShardEnv } from "../../test/shards";
import type { SignedInPlayer } from "../../test/sessions";
import { copyQuestions } from "../questions/question-copies";

auditLedgerAfterEach(SHARDS.SHARD_0, SHARDS.SHARD_1);

const shards = twoShardEnv();

const play = (player: SignedInPlayer) => apiClient({ headers: player.bearer, env: shards })["responsible-play"];

describe("responsible play with players over two shards", () => {
  it("keeps limits in the player's shard and counts their use from the shard's ledger", async () => {
    const questionId = await insertQuestion({ creditCost: 3 });
    await copyQuestions(dataContext(shards), [questionId]);
    for (const player of await signedInPlayerPerShard(shards, 10)) {
      await placePick(player.userId, questionId, "yes", 1, playerDb(shards, player.userId));
      const { body } = await successOf(play(player).limits.$put({ json: { kind: "spend", period: "day", amount: 5 } }));
      expect(body.limits.find((limit) => limit.kind === "spend" && limit.period === "day")).toMatchObject({
        amount: 5,
        used: 3,
        pending: null,
      });
      expect(await rowsByDatabase(shards, "play_limits", player.userId)).toEqual({ shard: 1, other: 0, catalogue: 0 });
      const read = await successOf(play(player).$get());
      expect(read.body.limits.find((limit) => limit.kind === "spend" && limit.period === "day")?.amount).toBe(5);
    }
  });

  it("takes breaks and self-exclusions in the player's shard, and ends an exclusion there", async () => {
    for (const player of await signedInPlayerPerShard(shards)) {
      const rested = await successOf(play(player).break.$post({ json: { length: "24h" } }));
      expect(rested.body.breakUntil).toBeGreaterThan(Date.now());
      expect(await rowsByDatabase(shards, "play_blocks", player.userId)).toEqual({ shard: 1, other: 0, catalogue: 0 });

      const excluded = await successOf(play(player)["self-exclusion"].$post({ json: { length: "6m" } }));
      expect(excluded.body.exclusion).toMatchObject({ permanent: false, endsAt: null });
      await playerDb(shards, player.userId)
        .prepare("UPDATE play_blocks SET excluded_until = 1 WHERE user_id = ?")
        .bind(player.userId)
        .run();
      const ending = await successOf(play(player)["self-exclusion"].end.$post());
      expect(ending.body.exclusion?.endsAt).toBeGreaterThan(Date.now());
      expect(await rowsByDatabase(shards, "play_blocks", player.userId)).toEqual({ shard: 1, other: 0, catalogue: 0 });
    }
  });
});
