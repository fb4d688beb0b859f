import { describe, expect, it } from "vitest";
import { DAILY_CREDITS } from "../../config";
import { apiClient, successOf } from "../../test/client";
import { auditLedgerAfterEach, balanceOf } from "../../test/ledger";
import { insertQuestion } from "../../test/questions";
import { signedInPlayer, type SignedInPlayer } from "../../test/sessions";
import { localDay } from "./daily-claim-timing";
import { ALREADY_CLAIMED, NOT_ELIGIBLE } from "./daily-credits.service";
import { shardOf, updateAccount } from "../../test/players";

auditLedgerAfterEach();

const DAY = 24 * 60 * 60 * 1000;
const TZ = 300;

/** A confirmed player holding their address's bonus claim: the only kind that earns daily credits. */
const eligiblePlayer = async () => {
  const player = await signedInPlayer();
  await updateAccount(player.userId, "bonus_owner = 1, email_confirmed_at = 0");
  return player;
};

const claim = (bearer: Record<string, string>, tz = TZ) =>
  apiClient({ headers: bearer })["daily-credits"].claim.$post({ json: { tz } });

const status = (bearer: Record<string, string>, tz = TZ) =>
  successOf(apiClient({ headers: bearer })["daily-credits"].$get({ query: { tz: String(tz) } }));

/** A claim made on an earlier day, written as the claim route would have. */
const pastClaim = (userId: string, daysAgo: number, streak: number) =>
  shardOf(userId)
    .prepare("INSERT INTO daily_claims (id, user_id, day, streak, amount, created_at) VALUES (?, ?, ?, ?, 2, ?)")
    .bind(crypto.randomUUID(), userId, localDay(Date.now() - daysAgo * DAY, TZ), streak, Date.now() - daysAgo * DAY)
    .run();

const dailyRows = async (userId: string) =>
  (
    await shardOf(userId)
      .prepare(
        "SELECT amount, source, idempotency_key FROM credit_transactions WHERE user_id = ? AND transaction_type = 'daily_free'",
      )
      .bind(userId)
      .all<{ amount: number; source: string; idempotency_key: string }>()
  ).results;

/**
 * What a pick racing a claim may answer: placed, short of credits, or 409 when its batch was refused for the balance
 * and the claim had committed by the time the refusal read why (nothing moved; the player may pick again).
 */
const RACED_PICK = [201, 402, 409];

/** A pick of a fresh question costing 1 credit, ready to fire: the question is written before the race starts. */
const pickOnce = async (player: SignedInPlayer) => {
  const questionId = await insertQuestion({ creditCost: 1 });
  return () =>
    apiClient({ headers: player.bearer }).picks.$post({
      json: { questionId, choice: "yes", multiplier: 1 },
      header: {},
    });
};

describe("daily credits", () => {
  it("pays the base amount once per day as bonus credits, then says come back tomorrow", async () => {
    const player = await eligiblePlayer();
    expect((await status(player.bearer)).body).toMatchObject({
      available: true,
      amount: DAILY_CREDITS.base,
      streak: 1,
    });

    const first = await successOf(claim(player.bearer));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      amount: DAILY_CREDITS.base,
      streak: 1,
      credits: { balance: DAILY_CREDITS.base, redeemable: 0 },
    });
    expect(await dailyRows(player.userId)).toEqual([
      {
        amount: DAILY_CREDITS.base,
        source: "bonus",
        idempotency_key: `daily:${player.userId}:${localDay(Date.now(), TZ)}`,
      },
    ]);

    const again = await claim(player.bearer);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: ALREADY_CLAIMED } });
    expect((await status(player.bearer)).body).toMatchObject({ available: false, streak: 1 });
    expect(await balanceOf(player.userId)).toBe(DAILY_CREDITS.base);
  });

  it("raises the amount for each day in a row up to the cap, and starts again after a missed day", async () => {
    const streaking = await eligiblePlayer();
    await pastClaim(streaking.userId, 1, 2);
    expect((await successOf(claim(streaking.bearer))).body).toMatchObject({
      streak: 3,
      amount: DAILY_CREDITS.base + 2 * DAILY_CREDITS.step,
    });

    const capped = await eligiblePlayer();
    await pastClaim(capped.userId, 1, 9);
    expect((await successOf(claim(capped.bearer))).body).toMatchObject({ streak: 10, amount: DAILY_CREDITS.cap });

    const lapsed = await eligiblePlayer();
    await pastClaim(lapsed.userId, 2, 4);
    expect((await successOf(claim(lapsed.bearer))).body).toMatchObject({ streak: 1, amount: DAILY_CREDITS.base });
  });

  it("counts a claim by the latest day reached, so changing the time zone cannot claim the same day twice", async () => {
    const player = await eligiblePlayer();
    expect((await claim(player.bearer, -840)).status).toBe(200);
    const behind = await claim(player.bearer, 720);
    expect(behind.status).toBe(409);
    expect(await dailyRows(player.userId)).toHaveLength(1);
  });

  it("pays one of many simultaneous claims", async () => {
    const player = await eligiblePlayer();
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(player.bearer)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await dailyRows(player.userId)).toHaveLength(1);
    expect(await balanceOf(player.userId)).toBe(DAILY_CREDITS.base);
  });

  it("lets picks racing a claim spend only what the committed claim paid, and pays the claim once", async () => {
    const player = await eligiblePlayer();
    const picks = await Promise.all(Array.from({ length: 4 }, () => pickOnce(player)));
    const [claimed, ...answers] = await Promise.all([
      claim(player.bearer),
      claim(player.bearer),
      ...picks.map((go) => go()),
    ]);
    expect([claimed.status, answers[0]!.status].sort()).toEqual([200, 409]);
    const accepted = answers.slice(1).filter((answer) => answer.status === 201).length;
    expect(answers.slice(1).every((answer) => RACED_PICK.includes(answer.status))).toBe(true);
    expect(accepted).toBeLessThanOrEqual(DAILY_CREDITS.base);
    expect(await dailyRows(player.userId)).toHaveLength(1);
    expect(await balanceOf(player.userId)).toBe(DAILY_CREDITS.base - accepted);
  });

  it("keeps a spend limit over picks racing a claim and a raise of that limit", async () => {
    const player = await eligiblePlayer();
    const limits = apiClient({ headers: player.bearer })["responsible-play"].limits;
    await successOf(limits.$put({ json: { kind: "spend", period: "day", amount: 1 } }));
    const picks = await Promise.all(Array.from({ length: 4 }, () => pickOnce(player)));
    const [claimed, raised, ...answers] = await Promise.all([
      claim(player.bearer),
      limits.$put({ json: { kind: "spend", period: "day", amount: 10 } }),
      ...picks.map((go) => go()),
    ]);
    expect([claimed.status, raised.status]).toEqual([200, 200]);
    // The raise waits out its cool-off, so at most one pick fits the limit whatever order the batches committed in.
    const accepted = answers.filter((answer) => answer.status === 201).length;
    expect(answers.every((answer) => [...RACED_PICK, 422].includes(answer.status))).toBe(true);
    expect(accepted).toBeLessThanOrEqual(1);
    expect(await dailyRows(player.userId)).toHaveLength(1);
    expect(await balanceOf(player.userId)).toBe(DAILY_CREDITS.base - accepted);
  });

  it("refuses accounts without their address's bonus claim, visitors and a bad time zone", async () => {
    const unconfirmed = await signedInPlayer();
    const refused = await claim(unconfirmed.bearer);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { message: NOT_ELIGIBLE } });
    expect(await dailyRows(unconfirmed.userId)).toEqual([]);

    expect((await apiClient()["daily-credits"].claim.$post({ json: { tz: 0 } })).status).toBe(401);
    const player = await eligiblePlayer();
    expect((await claim(player.bearer, 5000)).status).toBe(400);
    expect((await apiClient({ headers: player.bearer })["daily-credits"].$get({ query: { tz: "abc" } })).status).toBe(
      400,
    );
  });
});
