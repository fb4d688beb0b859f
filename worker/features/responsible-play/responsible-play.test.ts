import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { insertContest } from "../../test/contests";
import { auditLedgerAfterEach, balanceOf, grantCredits } from "../../test/ledger";
import { insertQuestion } from "../../test/questions";
import { signedInPlayer, type SignedInPlayer } from "../../test/sessions";
import { useFakeStripe } from "../../test/stripe";
import { PLAY_BLOCKED_MESSAGES } from "../play-rules/play-rules";
import { shardOf, updateAccount } from "../../test/players";

auditLedgerAfterEach();

beforeEach(() => {
  useFakeStripe();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const play = (player: SignedInPlayer) => apiClient({ headers: player.bearer })["responsible-play"];

const setLimit = (
  player: SignedInPlayer,
  kind: "spend" | "purchase",
  period: "day" | "week" | "month",
  amount: number | null,
) => successOf(play(player).limits.$put({ json: { kind, period, amount } }));

const pick = async (player: SignedInPlayer, creditCost: number) => {
  const questionId = await insertQuestion({ creditCost });
  return apiClient({ headers: player.bearer }).picks.$post({
    json: { questionId, choice: "yes", multiplier: 1 },
    header: {},
  });
};

const checkout = (player: SignedInPlayer, credits: number) =>
  apiClient({ headers: player.bearer }).payments.checkout.$post({
    json: { credits, currency: "USD", mode: "payment" },
  });

/** Moves every waiting change of the player's past its cool-off, as a day passing would. */
const passCoolOff = (userId: string) =>
  shardOf(userId).batch([
    shardOf(userId)
      .prepare("UPDATE play_limits SET effective_at = effective_at - 86400001 WHERE user_id = ?")
      .bind(userId),
    shardOf(userId)
      .prepare("UPDATE play_blocks SET exclusion_ends_at = exclusion_ends_at - 86400001 WHERE user_id = ?")
      .bind(userId),
  ]);

const errorOf = async (response: { status: number; json(): Promise<unknown> }) => ({
  status: response.status,
  body: (await response.json()) as { error: { message: string } },
});

describe("spend limits on picks", () => {
  it("refuses a pick that would go over a limit, in the pick's own batch, and holds a raise for a day", async () => {
    const player = await signedInPlayer(50);
    const state = await setLimit(player, "spend", "day", 5);
    expect(state.body.limits.find((l) => l.kind === "spend" && l.period === "day")).toMatchObject({
      amount: 5,
      used: 0,
      pending: null,
    });

    expect((await pick(player, 3)).status).toBe(201);
    const over = await errorOf(await pick(player, 3));
    expect(over).toEqual({
      status: 422,
      body: {
        error: {
          code: "rule_violation",
          message: "This would go over your daily limit of 5 credits on picks and contest entries",
          field: "limit",
        },
      },
    });
    expect(await balanceOf(player.userId)).toBe(47);

    const raised = await setLimit(player, "spend", "day", 20);
    expect(raised.body.limits.find((l) => l.kind === "spend" && l.period === "day")).toMatchObject({
      amount: 5,
      used: 3,
      pending: { amount: 20 },
    });
    expect((await pick(player, 3)).status).toBe(422);
    await passCoolOff(player.userId);
    expect((await pick(player, 3)).status).toBe(201);

    await setLimit(player, "spend", "week", 7);
    expect((await pick(player, 2)).status).toBe(422);
  });

  it("lets concurrent picks take only what the limit leaves", async () => {
    const player = await signedInPlayer(50);
    await setLimit(player, "spend", "day", 6);
    const answers = await Promise.all(Array.from({ length: 5 }, () => pick(player, 2)));
    const statuses: number[] = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(await balanceOf(player.userId)).toBe(44);
  });

  it("shows the use of every period, the month's as well as the day's and the week's", async () => {
    const player = await signedInPlayer(50);
    await setLimit(player, "spend", "month", 20);
    expect((await pick(player, 3)).status).toBe(201);
    const { body } = await successOf(play(player).$get());
    expect(body.limits.filter((l) => l.kind === "spend").map((l) => [l.period, l.used])).toEqual([
      ["day", 3],
      ["week", 3],
      ["month", 3],
    ]);
  });

  it("takes a lower limit at once and drops a raise still waiting", async () => {
    const player = await signedInPlayer(50);
    await setLimit(player, "spend", "day", 10);
    await setLimit(player, "spend", "day", 30);
    const lowered = await setLimit(player, "spend", "day", 2);
    expect(lowered.body.limits.find((l) => l.kind === "spend" && l.period === "day")).toMatchObject({
      amount: 2,
      pending: null,
    });
    expect((await pick(player, 3)).status).toBe(422);
  });
});

describe("purchase limits", () => {
  it("count every checkout started at its US price and refuse one that would go over", async () => {
    const player = await signedInPlayer();
    await setLimit(player, "purchase", "day", 1000);
    expect((await checkout(player, 5)).status).toBe(200);
    const over = await errorOf(await checkout(player, 6));
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe("This would go over your daily limit of $10.00 on purchases");
    expect((await checkout(player, 5)).status).toBe(200);
  });
});

describe("breaks and self-exclusion", () => {
  it("pause picks, purchases, challenges and daily credits, while the player can still sign in and redeem", async () => {
    const player = await signedInPlayer(30);
    await grantCredits(player.userId, 20, "winnings");
    const week = await successOf(play(player).break.$post({ json: { length: "7d" } }));
    const until = week.body.breakUntil!;
    expect(until).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // A break is never cut short.
    expect((await successOf(play(player).break.$post({ json: { length: "24h" } }))).body.breakUntil).toBe(until);

    for (const refused of [await pick(player, 1), await checkout(player, 5)]) {
      expect(await errorOf(refused)).toMatchObject({
        status: 403,
        body: { error: { message: PLAY_BLOCKED_MESSAGES.break } },
      });
    }
    const contestId = await insertContest();
    const joined = await apiClient({ headers: player.bearer }).contests[":id"].join.$post({
      param: { id: contestId },
      header: {},
    });
    expect(await errorOf(joined)).toMatchObject({
      status: 403,
      body: { error: { message: PLAY_BLOCKED_MESSAGES.break } },
    });
    await updateAccount(player.userId, "bonus_owner = 1, email_confirmed_at = 0");
    const claim = await apiClient({ headers: player.bearer })["daily-credits"].claim.$post({ json: { tz: 0 } });
    expect(claim.status).toBe(403);
    const offer = await successOf(apiClient({ headers: player.bearer })["daily-credits"].$get({ query: { tz: "0" } }));
    expect(offer.body.available).toBe(false);

    expect((await apiClient({ headers: player.bearer }).me.$get()).status).toBe(200);
    const redeemed = await apiClient({ headers: player.bearer }).redemptions["gift-card"].$post({
      json: { rewardId: "amazon", credits: 20, email: "break@example.com", ageConfirmed: true },
      header: {},
    });
    expect(redeemed.status).toBe(201);
    expect(await balanceOf(player.userId)).toBe(30);
  });

  it("holds a six-month exclusion to its end, then returns play a day after the player asks", async () => {
    const player = await signedInPlayer(10);
    const excluded = await successOf(play(player)["self-exclusion"].$post({ json: { length: "6m" } }));
    expect(excluded.body.exclusion).toMatchObject({ permanent: false, endsAt: null });
    expect(await errorOf(await pick(player, 1))).toMatchObject({
      status: 403,
      body: { error: { message: PLAY_BLOCKED_MESSAGES.exclusion } },
    });
    const early = await errorOf(await play(player)["self-exclusion"].end.$post());
    expect(early).toMatchObject({
      status: 422,
      body: { error: { message: "Your self-exclusion has not run its course yet" } },
    });

    await shardOf(player.userId)
      .prepare("UPDATE play_blocks SET excluded_until = ? WHERE user_id = ?")
      .bind(Date.now() - 1, player.userId)
      .run();
    expect((await pick(player, 1)).status).toBe(403);
    const asked = await successOf(play(player)["self-exclusion"].end.$post());
    expect(asked.body.exclusion?.endsAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await pick(player, 1)).status).toBe(403);
    await passCoolOff(player.userId);
    expect((await pick(player, 1)).status).toBe(201);
  });

  it("never ends a permanent exclusion", async () => {
    const player = await signedInPlayer(10);
    expect(
      (await successOf(play(player)["self-exclusion"].$post({ json: { length: "permanent" } }))).body.exclusion,
    ).toMatchObject({ permanent: true, until: null });
    const ended = await errorOf(await play(player)["self-exclusion"].end.$post());
    expect(ended).toMatchObject({
      status: 422,
      body: { error: { message: "A permanent self-exclusion cannot be ended" } },
    });
  });
});
