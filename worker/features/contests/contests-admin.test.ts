import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { signedInPlayer } from "../../test/sessions";

type Contest = {
  id: string;
  title: string;
  durationDays: number;
  startsAt: number;
  endsAt: number;
  status: string;
  entrants: number;
  paidAt: number | null;
};
type Reply = { contest: Contest; error?: { code: string; message: string; field?: string } };

const DAY = 24 * 60 * 60 * 1000;
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const create = (json: unknown, headers: Record<string, string> = admin.bearer) =>
  callJson<Reply>("/api/admin/contests", { method: "POST", headers, json });

describe("admin contests", () => {
  it("creates 3, 7 and 10 day contests from a start time, with a default title, and lists them newest first", async () => {
    const startsAt = Date.now() + DAY;
    const made: Contest[] = [];
    for (const durationDays of [3, 7, 10]) {
      const { status, body } = await create({ durationDays, startsAt });
      expect(status).toBe(201);
      expect(body.contest).toMatchObject({
        title: `${durationDays}-Day Challenge`,
        durationDays,
        startsAt,
        endsAt: startsAt + durationDays * DAY,
        status: "upcoming",
        entrants: 0,
      });
      made.push(body.contest);
    }
    const named = await create({ durationDays: 7, startsAt: Date.now(), title: "  Playoff Push  " });
    expect(named.body.contest).toMatchObject({ title: "Playoff Push", status: "active" });

    const { body } = await successOf(apiClient({ headers: admin.bearer }).admin.contests.$get({ query: {} }));
    expect(body.items.slice(0, 4).map((c) => c.id)).toEqual([
      named.body.contest.id,
      ...made.map((c) => c.id).reverse(),
    ]);
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM admin_audit_log WHERE entity = 'contest'").first<{
      n: number;
    }>();
    expect(audit?.n).toBe(4);
  });

  it("refuses other durations, a missing or past start and an over-long title", async () => {
    expect((await create({ durationDays: 5, startsAt: Date.now() })).body.error).toMatchObject({
      code: "validation_failed",
      message: "Duration must be 3, 7 or 10 days",
    });
    expect((await create({ durationDays: 3 })).body.error).toMatchObject({
      code: "validation_failed",
      message: "Start time is required",
    });
    const past = await create({ durationDays: 3, startsAt: Date.now() - DAY });
    expect(past.status).toBe(422);
    expect(past.body.error).toMatchObject({ code: "rule_violation", message: "Start time must not be in the past" });
    expect((await create({ durationDays: 3, startsAt: Date.now(), title: "x".repeat(81) })).status).toBe(400);
  });

  it("is for admins only", async () => {
    const player = await signedInPlayer();
    expect((await create({ durationDays: 3, startsAt: Date.now() }, player.bearer)).status).toBe(403);
    expect((await callJson("/api/admin/contests", { headers: player.bearer })).status).toBe(403);
    expect((await create({ durationDays: 3, startsAt: Date.now() }, {})).status).toBe(401);
    expect((await callJson("/api/admin/contests")).status).toBe(401);
  });
});
