import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { describe, expect, it } from "vitest";
import { payContests } from "../../cron/pay-contests";
import { settleAt } from "../../test/community";
import { entryOf, insertContest, join } from "../../test/contests";
import { apiClient, successOf } from "../../test/client";
import { createPlayer, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInPlayer } from "../../test/sessions";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const list = (headers: Record<string, string> = {}) => successOf(apiClient({ headers }).contests.$get());

/** A won pick for the player, settled at `at`. */
const winAt = async (userId: string, at: number) => {
  const questionId = await insertQuestion({ creditCost: 0 });
  await placePick(userId, questionId, "yes");
  await settleAt(questionId, "A", at);
};

describe("contests", () => {
  it("scores only wins settled inside the window after joining, and ranks ties by the earlier join", async () => {
    const now = Date.now();
    const contestId = await insertContest({ startsAt: now - DAY, days: 3 });
    const early = await createPlayer(15);
    const late = await createPlayer(15);
    await join(contestId, early, now - 12 * HOUR);
    await winAt(late, now - 2 * HOUR);
    await join(contestId, late, now - HOUR);
    expect((await entryOf(contestId, late))?.score).toBe(0);

    await winAt(early, now - 30 * HOUR);
    await winAt(early, now - 6 * HOUR);
    await winAt(late, now - 10 * 60 * 1000);
    await winAt(late, now + 3 * DAY);
    expect([(await entryOf(contestId, early))?.score, (await entryOf(contestId, late))?.score]).toEqual([1, 1]);

    const contest = (await list()).body.items.find((c) => c.id === contestId);
    expect(contest?.standings.map((s) => [s.userId, s.rank, s.score])).toEqual([
      [early, 1, 1],
      [late, 2, 1],
    ]);
    expect(contest).toMatchObject({ status: "active", entrants: 2, entryFee: 15, me: null });
  });

  it("lists running, upcoming and lately ended contests with the viewer's entry and the prize rules", async () => {
    const now = Date.now();
    const running = await insertContest({ startsAt: now - HOUR, days: 7 });
    const upcoming = await insertContest({ startsAt: now + DAY, days: 10 });
    const ended = await insertContest({ startsAt: now - 4 * DAY, days: 3 });
    const forgotten = await insertContest({ startsAt: now - 20 * DAY, days: 10 });
    const viewer = await signedInPlayer(15);
    await join(running, viewer.userId);

    const { status, body } = await list(viewer.bearer);
    expect(status).toBe(200);
    const ids = body.items.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([running, upcoming, ended]));
    expect(ids).not.toContain(forgotten);
    expect(ids.indexOf(running)).toBeLessThan(ids.indexOf(upcoming));
    expect(ids.indexOf(upcoming)).toBeLessThan(ids.indexOf(ended));
    const mine = body.items.find((c) => c.id === running);
    expect(mine).toMatchObject({ status: "active", entrants: 1, me: { rank: 1, score: 0, prize: 600 } });
    expect(mine?.prizes).toEqual({
      tiers: [
        { topPercent: 1, credits: 500, lastPlace: 1 },
        { topPercent: 5, credits: 200, lastPlace: 1 },
        { topPercent: 15, credits: 50, lastPlace: 1 },
      ],
      topPlaces: 10,
      topPlacesPrize: 100,
    });
    expect(body.items.find((c) => c.id === upcoming)?.status).toBe("upcoming");
    expect(body.items.find((c) => c.id === ended)?.status).toBe("ended");
  });

  it("freezes the standings once the contest closes", async () => {
    const now = Date.now();
    const contestId = await insertContest({ startsAt: now - 3 * DAY - HOUR, days: 3 });
    const player = await createPlayer(15);
    await join(contestId, player, now - 3 * DAY);
    const questionId = await insertQuestion({ creditCost: 0 });
    await placePick(player, questionId, "yes");
    await settleAt(questionId, "A", now - 2 * HOUR);
    await payContests(dataContext(env), now, env);
    expect(await entryOf(contestId, player)).toMatchObject({ score: 1, final_rank: 1, prize: 600 });
    await settleAt(questionId, "B", now);
    expect((await entryOf(contestId, player))?.score).toBe(1);
  });
});
