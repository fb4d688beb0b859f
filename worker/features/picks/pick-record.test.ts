import { describe, expect, it } from "vitest";
import { newId } from "../../lib/ids";
import { callJson } from "../../test/http";
import { placePick, shardOf } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin, signedInPlayer } from "../../test/sessions";
import { readPickRecord } from "./pick-record";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** 07:00 on Jan 30 in New York (five hours behind UTC, getTimezoneOffset() 300). */
const NOW = Date.UTC(2031, 0, 30, 12);
const NEW_YORK = 300;

type Record = Awaited<ReturnType<typeof readPickRecord>>;

const settleAt = (userId: string, pickId: string, status: "won" | "lost" | "void", at: number) =>
  shardOf(userId)
    .prepare("UPDATE user_picks SET status = ?, settled_at = ?, settled_version = 1 WHERE id = ?")
    .bind(status, at, pickId)
    .run();

/** A line of the streak history as settlement writes it; a NULL after is a result undone, which leaves the streak. */
const streakChange = (userId: string, before: number, after: number | null, at: number) =>
  shardOf(userId)
    .prepare(
      `INSERT INTO streak_events (id, user_id, question_id, pick_id, settlement_version, previous_result, result,
         to_outcome, streak_before, streak_after, created_at)
       VALUES (?1, ?2, 'q', ?1, 1, 'active', 'won', 'A', ?3, ?4, ?5)`,
    )
    .bind(newId(), userId, before, after, at)
    .run();

const busyDays = (record: Record) =>
  record.days.filter((day, index) => day.won + day.lost + day.void > 0 || index === record.days.length - 1);

describe("GET /api/picks/record", () => {
  it("counts settled picks per day of the player's clock and carries the streak through days without a change", async () => {
    const { userId } = await signedInPlayer();
    const other = await signedInPlayer();
    const picks = [];
    for (let i = 0; i < 5; i += 1) picks.push(await placePick(userId, await insertQuestion({ creditCost: 0 }), "yes"));
    const [won, lost, voided, old] = picks as [string, string, string, string];
    await settleAt(userId, won, "won", NOW - 2 * HOUR);
    // 22:00 on Jan 29 in New York, already Jan 30 in UTC.
    await settleAt(userId, lost, "lost", Date.UTC(2031, 0, 30, 3));
    await settleAt(userId, voided, "void", Date.UTC(2031, 0, 29, 20));
    await settleAt(userId, old, "won", NOW - 40 * DAY);

    await streakChange(userId, 0, 4, NOW - 40 * DAY);
    await streakChange(userId, 4, 0, Date.UTC(2031, 0, 30, 3));
    await streakChange(userId, 0, 1, NOW - 2 * HOUR);
    await streakChange(userId, 1, null, NOW - HOUR);
    await streakChange(other.userId, 0, 9, NOW - HOUR);

    const local = await readPickRecord(shardOf(userId), userId, NOW, NEW_YORK);
    expect(local.days).toHaveLength(30);
    expect(local.days[0]).toEqual({ day: "2031-01-01", won: 0, lost: 0, void: 0, streak: 4 });
    expect(busyDays(local)).toEqual([
      { day: "2031-01-29", won: 0, lost: 1, void: 1, streak: 0 },
      { day: "2031-01-30", won: 1, lost: 0, void: 0, streak: 1 },
    ]);

    const utc = await readPickRecord(shardOf(userId), userId, NOW, 0);
    expect(busyDays(utc)).toEqual([
      { day: "2031-01-29", won: 0, lost: 0, void: 1, streak: 4 },
      { day: "2031-01-30", won: 1, lost: 1, void: 0, streak: 1 },
    ]);
  });

  it("draws today's settlements and the streak they leave, as the real settlement writes them", async () => {
    const admin = await signedInAdmin();
    const player = await signedInPlayer();
    const [first, second] = [await insertQuestion({ creditCost: 0 }), await insertQuestion({ creditCost: 0 })];
    for (const question of [first, second]) await placePick(player.userId, question, "yes");
    for (const question of [first, second]) {
      const settled = await callJson(`/api/admin/questions/${question}/outcome`, {
        method: "PUT",
        headers: admin.bearer,
        json: { outcome: "A" },
      });
      expect(settled.status).toBe(200);
    }

    const { status, body } = await callJson<Record>("/api/picks/record?tz=0", { headers: player.bearer });
    expect(status).toBe(200);
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)).toMatchObject({ won: 2, lost: 0, void: 0, streak: 2 });
  });

  it("needs a session and a real time zone offset", async () => {
    const player = await signedInPlayer();
    expect((await callJson("/api/picks/record")).status).toBe(401);
    expect((await callJson("/api/picks/record?tz=900", { headers: player.bearer })).status).toBe(400);
    expect((await callJson("/api/picks/record?tz=east", { headers: player.bearer })).status).toBe(400);
    expect((await callJson("/api/picks/record", { headers: player.bearer })).status).toBe(200);
  });
});
