import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DAILY, runScheduled } from "../../cron/schedule";
import { dataContext } from "../../db/data-context";
import { readSettings } from "../../env";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { createPlayer } from "../../test/players";
import { caughtQueue } from "../../test/queues";
import { clearRecordedPoints } from "../../lib/metrics";
import { queueEmail } from "../emails/email-deliveries";
import { watchHealth } from "./health-alerts";
import { readHealthReport } from "./health-report";

const MINUTE = 60_000;
const WEBHOOK = "https://hooks.example/alerts";

let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An email to a player that has waited `minutes`, as one would behind an email API that is down. */
const stuckEmail = async (minutes: number) => {
  const userId = await createPlayer();
  const since = Date.now() - minutes * MINUTE;
  await queueEmail(env.DB, userId, { to: "stuck@example.com", subject: "Stuck", text: "Body" }, since).run();
  return userId;
};

describe("health alerts", () => {
  it("show waiting emails and, past the limit, an alert on the health page", async () => {
    const userId = await stuckEmail(20);
    const { body } = await successOf(apiClient({ headers: admin.bearer }).admin.health.$get());
    expect(body.emails).toMatchObject({ waiting: 1, retrying: 0 });
    expect(body.settlementQueue.oldestWaitingSince).toBeNull();
    expect(body.alerts).toEqual([{ name: "email_backlog", message: "Emails waiting for 20 minutes (limit 15)" }]);
    await env.DB.prepare("DELETE FROM email_deliveries WHERE user_id = ?").bind(userId).run();
  });

  it("tell the admins and the webhook once when an alert begins and once when it ends", async () => {
    const emails = caughtQueue();
    const data = dataContext({ ...env, EMAIL_QUEUE: emails.queue });
    const settings = { ...readSettings(env), ALERT_WEBHOOK_URL: WEBHOOK };
    const webhook = vi.fn(async (_url: string, _init: RequestInit) => new Response("ok"));
    vi.stubGlobal("fetch", webhook);
    const told = () => webhook.mock.calls.map(([, init]) => JSON.parse(String(init.body)).alerts);

    const userId = await stuckEmail(30);
    expect(await watchHealth(data, settings, Date.now())).toMatchObject({ firing: 1, began: 1, resolved: 0 });
    expect(emails.sent).toEqual([
      expect.objectContaining({
        to: "admin@example.com",
        subject: "[Pickstreak] Alert: Emails waiting for 30 minutes (limit 15)",
      }),
    ]);
    expect(told()).toEqual([[expect.objectContaining({ name: "email_backlog", state: "firing" })]]);

    // Still firing: nobody is told again.
    expect(await watchHealth(data, settings, Date.now())).toMatchObject({ firing: 1, began: 0, resolved: 0 });
    expect(emails.sent).toHaveLength(1);
    expect(webhook).toHaveBeenCalledOnce();

    await env.DB.prepare("DELETE FROM email_deliveries WHERE user_id = ?").bind(userId).run();
    expect(await watchHealth(data, settings, Date.now())).toMatchObject({ firing: 0, began: 0, resolved: 1 });
    expect(emails.sent[1]).toMatchObject({ subject: "[Pickstreak] Resolved: email_backlog" });
    expect(told()[1]).toEqual([expect.objectContaining({ name: "email_backlog", state: "resolved" })]);
    expect(await watchHealth(data, settings, Date.now())).toMatchObject({ firing: 0, began: 0, resolved: 0 });
  });

  it("alert on a job whose last run failed and on settlement waiting past its limit", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO cron_runs (id, job, cron, started_at, finished_at, ok, detail) VALUES ('broken-run', 'brokenJob', '* * * * *', ?1, ?1, 0, '{}')",
      ).bind(now),
      env.DB.prepare(
        `INSERT INTO questions (id, title, sport_category, credit_cost, deadline, status, question_type, answer_option_a,
           answer_option_b, outcome, settlement_version, settled_version, created_at, updated_at)
         VALUES ('lagging', 'Lagging', 'NFL', 2, ?1, 'resolved', 'standard', 'Yes', 'No', 'A', 1, 0, ?1, ?2)`,
      ).bind(now - 60 * MINUTE, now - 12 * MINUTE),
    ]);
    const { body } = await successOf(apiClient({ headers: admin.bearer }).admin.health.$get());
    expect(body.alerts).toEqual(
      expect.arrayContaining([
        { name: "cron:brokenJob", message: "The job brokenJob failed on its last run" },
        { name: "settlement_lag", message: "Settlement waiting for 12 minutes (limit 10)" },
      ]),
    );
    await env.DB.batch([
      env.DB.prepare("DELETE FROM cron_runs WHERE id = 'broken-run'"),
      env.DB.prepare("DELETE FROM questions WHERE id = 'lagging'"),
    ]);
  });

  it("take the ledger alert from the nightly audit's last result, not from an audit every minute", async () => {
    const userId = await createPlayer(5);
    await env.DB.prepare("UPDATE user_credits SET balance = balance + 7 WHERE user_id = ?").bind(userId).run();
    const data = dataContext({ ...env, EMAIL_QUEUE: caughtQueue().queue });
    const settings = readSettings(env);
    expect((await readHealthReport(data, settings, Date.now(), "daily")).alerts).toEqual([]);

    await runScheduled(DAILY, env);
    expect((await readHealthReport(data, settings, Date.now(), "daily")).alerts).toEqual([
      { name: "ledger_audit", message: "The ledger audit finds 1 violations" },
    ]);
    await env.DB.prepare("UPDATE user_credits SET balance = balance - 7 WHERE user_id = ?").bind(userId).run();
    await runScheduled(DAILY, env);
    expect((await readHealthReport(data, settings, Date.now(), "daily")).alerts).toEqual([]);
  });
});

describe("health of the queues and the last hour's requests", () => {
  it("counts each queue's dead letters and alerts while any are kept", async () => {
    const data = dataContext(env);
    await env.DB.prepare(
      "INSERT INTO dead_letters (id, queue, body, attempts, received_at) VALUES (?, 'email', '{}', 9, ?), (?, 'email', '{}', 9, ?)",
    )
      .bind("dl-1", Date.now(), "dl-2", Date.now())
      .run();
    const report = await readHealthReport(data, readSettings(env), Date.now());
    expect(report.deadLetters).toEqual([{ queue: "email", depth: 2, newestAt: expect.any(Number) }]);
    expect(report.alerts).toContainEqual({
      name: "dead_letters:email",
      message: "2 email queue messages ran out of retries",
    });
    await env.DB.prepare("DELETE FROM dead_letters").run();
  });

  it("alerts on the last hour's error rate and on failed Stripe webhook deliveries past their limits", async () => {
    clearRecordedPoints();
    const metrics = dataContext(env).metrics;
    const request = (route: string, status: number) =>
      metrics.write({ event: "request", route, method: "POST", colo: "local", status, durationMs: 5 });
    for (let i = 0; i < 18; i++) request("/api/picks", 201);
    request("/api/picks", 500);
    request("/api/stripe/webhook", 400);
    const settings = readSettings(env);
    const quiet = await readHealthReport(dataContext(env), settings, Date.now());
    expect(quiet.requests).toEqual({ requests: 20, errors: 1, webhookFailures: 1, source: "recorder" });
    expect(quiet.alerts.map((alert) => alert.name)).not.toContain("error_rate");

    request("/api/picks", 500);
    request("/api/stripe/webhook", 500);
    request("/api/stripe/webhook", 400);
    const failing = await readHealthReport(dataContext(env), settings, Date.now());
    expect(failing.alerts).toEqual(
      expect.arrayContaining([
        { name: "error_rate", message: "13.0% of the last hour's 23 requests failed (limit 5%)" },
        { name: "webhook_failures", message: "3 Stripe webhook deliveries failed in the last hour (limit 3)" },
      ]),
    );
  });
});
