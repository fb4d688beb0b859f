import { describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { insertContest } from "../../test/contests";
import { auditLedgerAfterEach, balanceOf } from "../../test/ledger";
import { shardOf } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInPlayer, type SignedInPlayer } from "../../test/sessions";

auditLedgerAfterEach();

const joinAs = (player: SignedInPlayer, contestId: string) =>
  apiClient({ headers: player.bearer }).contests[":id"].join.$post({ param: { id: contestId }, header: {} });

const pick = async (player: SignedInPlayer, creditCost: number) => {
  const questionId = await insertQuestion({ creditCost });
  return () =>
    apiClient({ headers: player.bearer }).picks.$post({
      json: { questionId, choice: "yes", multiplier: 1 },
      header: {},
    });
};

const dailySpendLimit = (player: SignedInPlayer, amount: number) =>
  successOf(
    apiClient({ headers: player.bearer })["responsible-play"].limits.$put({
      json: { kind: "spend", period: "day", amount },
    }),
  );

const dailyUse = async (player: SignedInPlayer) =>
  (await successOf(apiClient({ headers: player.bearer })["responsible-play"].$get())).body.limits.find(
    (l) => l.kind === "spend" && l.period === "day",
  )?.used;

const entries = async (userId: string) =>
  (
    await shardOf(userId)
      .prepare("SELECT count(*) AS n FROM contest_entries WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>()
  )?.n;

describe("a player's spend limit and contest entry fees", () => {
  it("refuses a fee over the limit with the pick's answer, and moves nothing", async () => {
    const player = await signedInPlayer(50);
    await dailySpendLimit(player, 1);
    const refused = await joinAs(player, await insertContest());
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: {
        code: "rule_violation",
        message: "This would go over your daily limit of 1 credit on picks and contest entries",
        field: "limit",
      },
    });
    expect(await balanceOf(player.userId)).toBe(50);
    expect(await entries(player.userId)).toBe(0);
  });

  it("counts picks and contest fees of the day together, and shows both as the day's use", async () => {
    const player = await signedInPlayer(100);
    await dailySpendLimit(player, 20);
    expect((await joinAs(player, await insertContest())).status).toBe(201);
    expect((await (await pick(player, 6))()).status).toBe(422);
    expect((await (await pick(player, 5))()).status).toBe(201);
    expect(await dailyUse(player)).toBe(20);

    const other = await signedInPlayer(100);
    await dailySpendLimit(other, 20);
    expect((await (await pick(other, 6))()).status).toBe(201);
    expect((await joinAs(other, await insertContest())).status).toBe(422);
    expect(await balanceOf(other.userId)).toBe(94);
  });

  it("lets racing joins and a pick take together no more than the limit leaves", async () => {
    const player = await signedInPlayer(100);
    await dailySpendLimit(player, 20);
    const [first, second] = [await insertContest(), await insertContest()];
    const go = await pick(player, 5);
    const [joinedFirst, joinedSecond, picked] = await Promise.all([
      joinAs(player, first),
      joinAs(player, second),
      go(),
    ]);
    const joinStatuses: number[] = [joinedFirst.status, joinedSecond.status];
    expect(joinStatuses.sort()).toEqual([201, 422]);
    expect(picked.status).toBe(201);
    expect(await entries(player.userId)).toBe(1);
    expect(await balanceOf(player.userId)).toBe(80);
  });
});
