import { describe, expect, it } from "vitest";
import { DAILY_CREDITS } from "../../config";
import { apiClient, successOf } from "../../test/client";
import { auditLedgerAfterEach, balanceOf } from "../../test/ledger";
import { signedInPlayer } from "../../test/sessions";
import { shardOf, updateAccount } from "../../test/players";
import { localDay } from "./daily-claim-timing";
import { ALREADY_CLAIMED } from "./daily-credits.service";

auditLedgerAfterEach();

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const eligiblePlayer = async () => {
  const player = await signedInPlayer();
  await updateAccount(player.userId, "bonus_owner = 1, email_confirmed_at = 0");
  return player;
};

const claim = (bearer: Record<string, string>, tz: number) =>
  apiClient({ headers: bearer })["daily-credits"].claim.$post({ json: { tz } });

const status = (bearer: Record<string, string>, tz: number) =>
  successOf(apiClient({ headers: bearer })["daily-credits"].$get({ query: { tz: String(tz) } }));

/**
 * A claim `hoursAgo` back, as the claim route writes it (on the day it then was in `tz`), or as it wrote one before
 * it kept time zones (a given day, no zone).
 */
const earlierClaim = (userId: string, hoursAgo: number, from: { tz: number } | { day: string }) => {
  const at = Date.now() - hoursAgo * HOUR;
  const db = shardOf(userId);
  if ("day" in from) {
    return db
      .prepare("INSERT INTO daily_claims (id, user_id, day, streak, amount, created_at) VALUES (?, ?, ?, 1, 2, ?)")
      .bind(crypto.randomUUID(), userId, from.day, at)
      .run();
  }
  return db
    .prepare("INSERT INTO daily_claims (id, user_id, day, streak, amount, created_at, tz) VALUES (?, ?, ?, 1, 2, ?, ?)")
    .bind(crypto.randomUUID(), userId, localDay(at, from.tz), at, from.tz)
    .run();
};

/** A day every zone has left behind, so only the 20 hours can hold a claim back. */
const longPast = () => localDay(Date.now() - 3 * DAY, 0);

const claims = async (userId: string) =>
  (
    await shardOf(userId)
      .prepare("SELECT count(*) AS n FROM daily_claims WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>()
  )?.n;

const latestClaimAt = async (userId: string) =>
  (await shardOf(userId)
    .prepare("SELECT MAX(created_at) AS at FROM daily_claims WHERE user_id = ?")
    .bind(userId)
    .first<{ at: number }>())!.at;

/** The start of the calendar day after `day` for a player `tz` minutes behind UTC. */
const dayAfterStarts = (day: string, tz: number) => Date.parse(`${day}T00:00:00Z`) + DAY + tz * 60_000;

describe("daily credits and time zones", () => {
  it("keeps the time zone of the day's first claim, so the day's furthest zones cannot claim twice in a second", async () => {
    const player = await eligiblePlayer();
    expect((await claim(player.bearer, 720)).status).toBe(200);
    const ahead = await claim(player.bearer, -840);
    expect(ahead.status).toBe(409);
    const offer = (await status(player.bearer, -840)).body;
    expect(offer.available).toBe(false);
    expect(offer.nextClaimAt).toBeGreaterThan(Date.now());
    expect(await ahead.json()).toEqual({
      error: { code: "conflict", message: ALREADY_CLAIMED, nextClaimAt: offer.nextClaimAt },
    });
    expect(await claims(player.userId)).toBe(1);
    expect(await balanceOf(player.userId)).toBe(DAILY_CREDITS.base);
  });

  it("allows one claim per 20 hours whatever the day, and says when the next one opens", async () => {
    const player = await eligiblePlayer();
    // A new day in every zone, but only 19 hours on.
    await earlierClaim(player.userId, 19, { day: longPast() });
    const early = await status(player.bearer, -840);
    expect(early.body).toMatchObject({ available: false });
    expect(early.body.nextClaimAt).toBe((await latestClaimAt(player.userId)) + 20 * HOUR);
    expect((await claim(player.bearer, -840)).status).toBe(409);

    const later = await eligiblePlayer();
    await earlierClaim(later.userId, 21, { day: longPast() });
    expect((await status(later.bearer, 840)).body).toMatchObject({ available: true, nextClaimAt: null });
    const claimed = await successOf(claim(later.bearer, 840));
    expect(claimed.body.nextClaimAt).toBe(
      Math.max(dayAfterStarts(claimed.body.day, 840), (await latestClaimAt(later.userId)) + 20 * HOUR),
    );
  });

  it("gives one claim to racing claims from different time zones", async () => {
    const player = await eligiblePlayer();
    const answers = await Promise.all([720, -840, 0, 300, -600, 840].map((tz) => claim(player.bearer, tz)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await claims(player.userId)).toBe(1);
    expect(await balanceOf(player.userId)).toBe(DAILY_CREDITS.base);
  });

  it("takes a new time zone with the first claim of the next day there", async () => {
    const player = await eligiblePlayer();
    await earlierClaim(player.userId, 30, { tz: 0 });
    const claimed = await successOf(claim(player.bearer, -600));
    expect(claimed.body.day).toBe(localDay(Date.now(), -600));
    const row = await shardOf(player.userId)
      .prepare("SELECT day, tz FROM daily_claims WHERE user_id = ? ORDER BY day DESC LIMIT 1")
      .bind(player.userId)
      .first();
    expect(row).toEqual({ day: localDay(Date.now(), -600), tz: -600 });
  });
});
