import { env } from "cloudflare:test";
import { dataContext } from "../../db/data-context";
import { beforeAll, describe, expect, it } from "vitest";
import { DAILY, EVERY_MINUTE, runScheduled } from "../../cron/schedule";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";
import { createPlayer, placePick, shardOf } from "../../test/players";
import { copyQuestions } from "../questions/question-copies";
import { insertQuestion } from "../../test/questions";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

describe("GET /api/admin/health", () => {
  it("is for admins only", async () => {
    const player = await signUpAndLogin("health-player@example.com");
    expect((await callJson("/api/admin/health")).status).toBe(401);
    expect((await callJson("/api/admin/health", { headers: player.bearer })).status).toBe(403);
  });

  it("shows each cron job's last run, the queues and the ledger audit, and the daily audit records violations", async () => {
    await runScheduled(EVERY_MINUTE, env);
    await runScheduled(DAILY, env);
    const readHealth = () => successOf(apiClient({ headers: admin.bearer }).admin.health.$get());
    let health = await readHealth();
    expect(health.status).toBe(200);
    expect(health.body.crons.map((c) => c.job)).toEqual(
      expect.arrayContaining(["publishScheduledQuestions", "auditLedgerDaily"]),
    );
    expect(health.body.crons.every((c) => c.lastOk)).toBe(true);
    expect(health.body.ledgerAudit.violations).toBe(0);

    // Break the cache on purpose: the daily audit must notice and record it.
    await shardOf(admin.userId)
      .prepare("UPDATE user_credits SET balance = balance + 7 WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .bind("admin@example.com")
      .run();
    await runScheduled(DAILY, env);
    health = await readHealth();
    expect(health.body.ledgerAudit.violations).toBeGreaterThan(0);
    expect(JSON.parse(health.body.crons.find((c) => c.job === "auditLedgerDaily")?.detail ?? "{}")).toMatchObject({
      violations: 1,
    });
    await shardOf(admin.userId)
      .prepare("UPDATE user_credits SET balance = balance - 7 WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .bind("admin@example.com")
      .run();
  });

  it("counts a job's failures over the last day and the picks an outcome change left to settle", async () => {
    const now = Date.now();
    const run = (id: string, ago: number, ok: boolean) =>
      env.DB.prepare(
        "INSERT INTO cron_runs (id, job, cron, started_at, finished_at, ok) VALUES (?, 'healthProbe', '* * * * *', ?, ?, ?)",
      ).bind(id, now - ago, now - ago, ok ? 1 : 0);
    await env.DB.batch([
      run("probe-old", 2 * DAY, false),
      run("probe-recent", HOUR, false),
      run("probe-latest", MINUTE, true),
    ]);
    const questionId = await insertQuestion();
    const player = await createPlayer(10);
    await placePick(player, questionId, "yes");
    // An outcome stored and copied to the shards, as setOutcome does before it settles.
    await env.DB.prepare("UPDATE questions SET outcome = 'A', settlement_version = settlement_version + 1 WHERE id = ?")
      .bind(questionId)
      .run();
    await copyQuestions(dataContext(env), [questionId]);

    const health = await successOf(apiClient({ headers: admin.bearer }).admin.health.$get());
    expect(health.body.crons.find((c) => c.job === "healthProbe")).toEqual({
      job: "healthProbe",
      lastRunAt: now - MINUTE,
      lastOk: true,
      lastFailureAt: now - HOUR,
      failuresLastDay: 1,
      detail: "{}",
    });
    expect(health.body.settlementQueue).toEqual({ questions: 1, picks: 1, oldestWaitingSince: expect.any(Number) });
  });
});
