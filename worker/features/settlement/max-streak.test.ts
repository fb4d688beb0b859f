import { beforeAll, describe, expect, it } from "vitest";
import { nextMillisecond } from "../../test/clock";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { putOutcome } from "../../test/admin";
import { createPlayer, placePick, shardOf } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { readStreak } from "../picks/pick-stats.service";

let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const storedMax = async (userId: string) =>
  (
    await shardOf(userId)
      .prepare("SELECT max_streak FROM users WHERE id = ?")
      .bind(userId)
      .first<{ max_streak: number }>()
  )?.max_streak;

describe("max_streak at settlement", () => {
  it("follows streak.ts: wins count from the newest, a void is skipped, a loss ends the run", async () => {
    const userId = await createPlayer(100);
    const results = ["A", "A", "void", "A", "B", "A"];
    const maxAfterEach: number[] = [];
    for (const outcome of results) {
      const questionId = await insertQuestion({ creditCost: 1 });
      await placePick(userId, questionId, "yes");
      await nextMillisecond(); // outcome updates in one millisecond would tie the streak order, which the rules leave open
      await putOutcome(admin, questionId, outcome);
      const stored = await storedMax(userId);
      // The SQL twin must have raised the stored maximum exactly as far as readStreak's own computation goes.
      const { currentStreak, maxStreak } = await readStreak(shardOf(userId), userId);
      expect(maxStreak, `after ${outcome}`).toBe(stored);
      maxAfterEach.push(stored ?? -1);
      expect(currentStreak).toBeLessThanOrEqual(stored ?? 0);
    }
    expect(maxAfterEach).toEqual([1, 2, 2, 3, 3, 3]);
  });

  it("raises the maximum for every player of a settled question, not only the first", async () => {
    const questionId = await insertQuestion({ creditCost: 0 });
    const players = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
    for (const userId of players) await placePick(userId, questionId, "no");
    await putOutcome(admin, questionId, "B");
    expect(await Promise.all(players.map(storedMax))).toEqual([1, 1, 1]);
  });
});
