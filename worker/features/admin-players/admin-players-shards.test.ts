import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { dataContext } from "../../db/data-context";
import { apiClient, successOf } from "../../test/client";
import { balanceOf, expectLedgerClean, grantCredits } from "../../test/ledger";
import { placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { redeemGiftCard } from "../../test/redemptions";
import { signedInAdmin, signedInPlayer, type SignedInPlayer } from "../../test/sessions";
import { rowsByDatabase, SHARDS, twoShardEnv, userIdInShard } from "../../test/shards";
import { wrappedD1 } from "../../test/wrapped-d1";
import { copyQuestions } from "../questions/question-copies";

const shards = twoShardEnv();
const playerDb = (userId: string) => dataContext(shards).player(userId);

let admin: SignedInPlayer;
beforeAll(async () => {
  admin = await signedInAdmin(shards);
});

const onlyInShard = (count: number) => ({ shard: count, other: 0, catalogue: 0 });

const adjust = (
  userId: string,
  json: { amount: number; reason: string; adjustmentId?: string },
  testEnv: Env = shards,
) =>
  apiClient({ headers: admin.bearer, env: testEnv }).admin.players[":id"].credits.$post({
    param: { id: userId },
    json: { adjustmentId: crypto.randomUUID(), ...json },
  });

const playerPage = (userId: string) =>
  successOf(apiClient({ headers: admin.bearer, env: shards }).admin.players[":id"].$get({ param: { id: userId } }));

const auditOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT id, action FROM admin_audit_log WHERE subject_user_id = ? ORDER BY rowid")
      .bind(userId)
      .all<{ id: string; action: string }>()
  ).results;

/** The two-shard environment whose catalogue drops the answer of its next audit entry's write, before running it. */
const auditWriteFailsOnce = (): Env => {
  let failures = 1;
  return {
    ...shards,
    DB: wrappedD1(env.DB, (core) => ({
      batch: (statements) => core.batch(statements),
      prepare: (query) => {
        const statement = core.prepare(query);
        if (!query.includes("INSERT INTO admin_audit_log")) return statement;
        const bind = statement.bind.bind(statement);
        statement.bind = (...values: unknown[]) => {
          const bound = bind(...values);
          const run = bound.run.bind(bound);
          bound.run = async () => {
            if (failures-- > 0) throw new Error("D1_ERROR: Network connection lost.");
            return run();
          };
          return bound;
        };
        return statement;
      },
    })),
  };
};

describe("the admin's players over two shards", () => {
  it("shows a player's credits, ledger, picks and redemptions from their shard, the audit and the search from the catalogue", async () => {
    const player = await signedInPlayer(10, shards, userIdInShard(1));
    const home = playerDb(player.userId);
    await grantCredits(player.userId, 30, "winnings", home);
    const questionId = await insertQuestion({ creditCost: 2, title: "Will the shard hold?" });
    await copyQuestions(dataContext(shards), [questionId]);
    await placePick(player.userId, questionId, "yes", 1, home);
    expect((await redeemGiftCard(player, { credits: 20 }, {}, shards)).status).toBe(201);
    await successOf(adjust(player.userId, { amount: 5, reason: "Welcome back" }));

    const { body } = await playerPage(player.userId);
    expect(body.player.id).toBe(player.userId);
    expect(body.credits).toMatchObject({ balance: 23 });
    // The two grants may share a millisecond, so their order is the ids'.
    const types = body.transactions.map(({ transactionType }) => transactionType);
    expect(types.sort()).toEqual(["admin_adjustment", "pick_payout", "purchase", "redemption", "spend"]);
    expect(body.picks).toMatchObject([{ questionId, questionTitle: "Will the shard hold?", creditsSpent: 2 }]);
    expect(body.redemptions).toMatchObject([{ kind: "gift_card", creditsSpent: 20, status: "pending" }]);
    expect(body.audit).toMatchObject([
      {
        action: "credits_awarded",
        reason: "Welcome back",
        adminId: admin.userId,
        subjectUsername: body.player.username,
      },
    ]);
    expect(
      (
        await apiClient({ headers: admin.bearer, env: shards }).admin.players[":id"].$get({
          param: { id: "no-such-player" },
        })
      ).status,
    ).toBe(404);

    // The search reads the directory, which holds the players of both shards.
    for (const found of [player, await signedInPlayer(0, shards, userIdInShard(0))]) {
      const { username } = (await playerPage(found.userId)).body.player;
      const search = await successOf(
        apiClient({ headers: admin.bearer, env: shards }).admin.players.$get({ query: { q: username } }),
      );
      expect(search.body.items.map(({ id }) => id)).toEqual([found.userId]);
    }
  });

  it("awards and deducts in the player's shard, once per adjustment id, with the entry in the catalogue", async () => {
    for (const shard of [0, 1] as const) {
      const player = await signedInPlayer(10, shards, userIdInShard(shard));
      const adjustmentId = crypto.randomUUID();
      const award = await successOf(adjust(player.userId, { adjustmentId, amount: 25, reason: "Apology" }));
      expect(award.body).toMatchObject({
        duplicate: false,
        credits: { balance: 35 },
        transaction: { amount: 25, source: "awarded" },
      });
      expect(
        (await successOf(adjust(player.userId, { adjustmentId, amount: 25, reason: "Apology" }))).body.duplicate,
      ).toBe(true);
      expect((await successOf(adjust(player.userId, { amount: -30, reason: "Clawback" }))).body.credits.balance).toBe(
        5,
      );
      expect((await adjust(player.userId, { amount: -6, reason: "Too much" })).status).toBe(402);

      expect(await balanceOf(player.userId, playerDb(player.userId))).toBe(5);
      expect(await rowsByDatabase(shards, "credit_transactions", player.userId)).toEqual(onlyInShard(3));
      expect((await auditOf(player.userId)).map(({ action }) => action)).toEqual([
        "credits_awarded",
        "credits_deducted",
      ]);
      expect(await rowsByDatabase(shards, "admin_audit_log", player.userId, "subject_user_id")).toEqual({
        shard: 0,
        other: 0,
        catalogue: 2,
      });
    }
    for (const d1 of [SHARDS.SHARD_0, SHARDS.SHARD_1]) await expectLedgerClean(d1);
  });

  it("writes an entry the first attempt could not when the admin repeats the adjustment, and never twice", async () => {
    const player = await signedInPlayer(10, shards, userIdInShard(0));
    const adjustmentId = crypto.randomUUID();
    const failed = await adjust(player.userId, { adjustmentId, amount: 7, reason: "Goodwill" }, auditWriteFailsOnce());
    expect(failed.status).toBe(500);
    expect(await balanceOf(player.userId, playerDb(player.userId))).toBe(17);
    expect(await auditOf(player.userId)).toEqual([]);

    for (let i = 0; i < 2; i++)
      expect(
        (await successOf(adjust(player.userId, { adjustmentId, amount: 7, reason: "Goodwill" }))).body.duplicate,
      ).toBe(true);
    const ledgerRow = await playerDb(player.userId)
      .prepare("SELECT id FROM credit_transactions WHERE idempotency_key = ?")
      .bind(`admin_adjustment:${adjustmentId}`)
      .first<{ id: string }>();
    expect(await auditOf(player.userId)).toEqual([{ id: ledgerRow?.id, action: "credits_awarded" }]);
    expect(await balanceOf(player.userId, playerDb(player.userId))).toBe(17);
  });

  it("uses an adjustment id once across every player and shard: reused for another player it moves nothing", async () => {
    const first = await signedInPlayer(0, shards, userIdInShard(0));
    const second = await signedInPlayer(0, shards, userIdInShard(1));
    const adjustmentId = crypto.randomUUID();
    await successOf(adjust(first.userId, { adjustmentId, amount: 40, reason: "Goodwill" }));
    for (const reuse of [
      { userId: second.userId, amount: 40 },
      { userId: first.userId, amount: 41 },
    ]) {
      const refused = await adjust(reuse.userId, { adjustmentId, amount: reuse.amount, reason: "Goodwill" });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        error: { code: "conflict", message: "This adjustment id was already used for a different change" },
      });
    }
    expect(await balanceOf(second.userId, playerDb(second.userId))).toBe(0);
    expect(await balanceOf(first.userId, playerDb(first.userId))).toBe(40);
  });
});
