import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAILY, EVERY_MINUTE, runScheduled } from "../../cron/schedule";
import { signUpAndLogin } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";


describe("GET /api/admin/health", () => {
  it("is for admins only", async () => {
    const player = await signUpAndLogin("health-player@example.com");
    expect((await callJson("/api/admin/health")).status).toBe(401);
    expect((await callJson("/api/admin/health", { headers: player.bearer })).status).toBe(403);
  });

  it("shows each cron job's last run, the queues and the ledger audit, and the daily audit records violations", async () => {
    const admin = await signUpAndLogin("admin@example.com");
    await runScheduled(EVERY_MINUTE, env);
    await runScheduled(DAILY, env);
    const readHealth = () => successOf(apiClient({ headers: admin.bearer }).admin.health.$get());
    let health = await readHealth();
    expect(health.status).toBe(200);
    expect(health.body.crons.map((c) => c.job)).toEqual(expect.arrayContaining(["publishScheduledQuestions", "auditLedgerDaily"]));
    expect(health.body.crons.every((c) => c.lastOk)).toBe(true);
    expect(health.body.ledgerAudit.violations).toBe(0);

    // Break the cache on purpose: the daily audit must notice and record it.
    await env.DB.prepare("UPDATE user_credits SET balance = balance + 7 WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .bind("admin@example.com")
      .run();
    await runScheduled(DAILY, env);
    health = await readHealth();
    expect(health.body.ledgerAudit.violations).toBeGreaterThan(0);
    expect(JSON.parse(health.body.crons.find((c) => c.job === "auditLedgerDaily")?.detail ?? "{}")).toMatchObject({ violations: 1 });
    await env.DB.prepare("UPDATE user_credits SET balance = balance - 7 WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .bind("admin@example.com")
      .run();
  });
});
