import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cronJobs, EVERY_MINUTE } from "../../cron/schedule";
import devEntry from "../../dev-entry";
import { signUp } from "../../test/accounts";
import { BASE_URL, call, callJson } from "../../test/http";
import { productionEnv } from "../../test/deployed-env";
import { rowsByDatabase, twoShardEnv, userIdInShard } from "../../test/shards";
import { WRONG_HOST_MESSAGE } from "./loopback-host";

type Outbox = { items: { to: string; subject: string; text: string; html: string | null; links: string[] }[] };

/** Through the local development entry (worker/dev-entry.ts); `call` goes through the deployed one. */
const callDev = async (url: string, init: RequestInit = {}, requestEnv: Env = env) => {
  const ctx = createExecutionContext();
  const response = await devEntry.fetch(
    new Request(url.startsWith("/") ? `${BASE_URL}${url}` : url, init),
    requestEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
};

const runSql = (statements: string[], url = "/api/dev/sql") =>
  callDev(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ statements }),
  });

describe("GET /api/dev/outbox (development entry)", () => {
  it("lists the emails newest first with their links", async () => {
    await signUp("outbox@example.com");
    await callJson("/api/auth/password-reset", { method: "POST", json: { email: "outbox@example.com" } });
    const response = await callDev("/api/dev/outbox?to=outbox@example.com");
    expect(response.status).toBe(200);
    const body = (await response.json()) as Outbox;
    expect(body.items.map((item) => item.subject)).toEqual([
      "Reset your Pickstreak password",
      "Confirm your Pickstreak account",
    ]);
    expect(body.items[0]).toMatchObject({
      to: "outbox@example.com",
      text: expect.stringContaining("Choose a new password"),
      html: expect.stringContaining(">Choose a new password</span>"),
    });
    expect(body.items[0]?.links).toEqual([
      expect.stringMatching(/^http:\/\/localhost:8787\/password-reset\?token=\d+\.[\w-]+$/),
    ]);
    expect(body.items[1]?.links).toEqual([
      expect.stringMatching(/^http:\/\/localhost:8787\/auth\?mode=login&confirm=\d+\.[\w-]+$/),
    ]);
  });

  it("matches the address in any letter case, and lists every address without one", async () => {
    await signUp("outbox-case@example.com");
    await signUp("outbox-other@example.com");
    const byAddress = (await (await callDev("/api/dev/outbox?to=OUTBOX-CASE@Example.com")).json()) as Outbox;
    expect(byAddress.items.map((item) => [item.to, item.subject])).toEqual([
      ["outbox-case@example.com", "Confirm your Pickstreak account"],
    ]);
    const everyone = (await (await callDev("/api/dev/outbox")).json()) as Outbox;
    expect(everyone.items.slice(0, 2).map((item) => item.to)).toEqual([
      "outbox-other@example.com",
      "outbox-case@example.com",
    ]);
  });

  it("shows each email's HTML part drawn in a frame that runs nothing, beside its text part", async () => {
    await signUp("outbox-page@example.com");
    const response = await callDev("/api/dev/outbox/view?to=outbox-page@example.com");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain("<h2>Confirm your Pickstreak account</h2>");
    const frames = page.match(/<iframe [^>]*>/g) ?? [];
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatch(/^<iframe sandbox="" srcdoc="&lt;!DOCTYPE html /);
    // The email's markup stays inside the attribute: its quotes and brackets are escaped there.
    expect(frames[0]).toContain("Confirm your email&lt;/span&gt;");
    expect(page).toMatch(/<pre aria-label="Text part">Welcome to Pickstreak!\n/);
    expect(page).toMatch(/<a href="http:\/\/localhost:8787\/auth\?mode=login&amp;confirm=/);
  });

  it("does not answer with a deployed environment's settings", async () => {
    expect((await callDev("/api/dev/outbox/view", {}, productionEnv())).status).toBe(404);
    const response = await callDev("/api/dev/outbox", {}, productionEnv());
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Page not found" } });
  });
});

describe("POST /api/dev/sql (development entry)", () => {
  it("runs the statements in one batch", async () => {
    const response = await runSql(["CREATE TABLE dev_sql_probe (n INTEGER)", "INSERT INTO dev_sql_probe VALUES (7)"]);
    expect(response.status).toBe(200);
    expect(await env.DB.prepare("SELECT n FROM dev_sql_probe").first("n")).toBe(7);
  });
});

describe("POST /api/dev/cron (development entry)", () => {
  it("runs a cron's jobs and answers once they are done, with what each did", async () => {
    const response = await callDev("/api/dev/cron?cron=*+*+*+*+*", { method: "POST" });
    expect(response.status).toBe(200);
    const { outcomes } = (await response.json()) as { outcomes: Record<string, unknown> };
    expect(Object.keys(outcomes)).toEqual(Object.keys(cronJobs[EVERY_MINUTE] ?? {}));
    const runs = await env.DB.prepare("SELECT job FROM cron_runs WHERE cron = ?")
      .bind(EVERY_MINUTE)
      .all<{ job: string }>();
    expect(runs.results.map(({ job }) => job)).toEqual(expect.arrayContaining(Object.keys(outcomes)));
  });

  it("refuses a cron the worker does not have, and answers nothing with a deployed environment's settings", async () => {
    expect((await callDev("/api/dev/cron?cron=*+*", { method: "POST" })).status).toBe(400);
    const deployed = await callDev("/api/dev/cron?cron=*+*+*+*+*", { method: "POST" }, productionEnv());
    expect(deployed.status).toBe(404);
  });
});

describe("the deployed entry (worker/index.ts)", () => {
  it("has no development routes, even in the development environment", async () => {
    const development = { ...env, ENVIRONMENT: "development" };
    const outbox = await call("/api/dev/outbox", { env: development });
    const sql = await call("/api/dev/sql", {
      method: "POST",
      json: { statements: ["DELETE FROM users"] },
      env: development,
    });
    const cron = await call("/api/dev/cron?cron=*+*+*+*+*", { method: "POST", env: development });
    const page = await call("/api/dev/outbox/view", { env: development });
    expect([outbox.status, sql.status, cron.status, page.status]).toEqual([404, 404, 404, 404]);
    expect(await outbox.json()).toEqual({ error: { code: "not_found", message: "Page not found" } });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first("n")).toBeGreaterThan(0);
  });

  it("leaves them out of its OpenAPI document", async () => {
    const { status, body } = await callJson<{ paths: Record<string, unknown>; tags?: { name: string }[] }>(
      "/api/openapi.json",
    );
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toContain("/health");
    expect(Object.keys(body.paths).filter((path) => path.includes("/dev/"))).toEqual([]);
    expect(JSON.stringify(body)).not.toContain("OutboxEmail");
  });
});

describe("the development entry's Host check", () => {
  it("serves localhost, 127.0.0.1 and [::1] on any port", async () => {
    for (const origin of ["http://localhost", "http://LOCALHOST:8787", "http://127.0.0.1:45123", "http://[::1]:8787"]) {
      const health = await callDev(`${origin}/api/health`);
      const outbox = await callDev(`${origin}/api/dev/outbox?to=nobody@example.com`);
      expect([origin, health.status, outbox.status]).toEqual([origin, 200, 200]);
    }
  });

  it("answers 403 to any other name, such as a DNS-rebinding page's, before the app runs", async () => {
    for (const url of [
      "http://evil.example:8787/api/dev/outbox",
      "http://evil.example/api/health",
      "http://localhost.evil.example:8787/api/dev/outbox",
      "http://app.localhost:8787/api/dev/outbox",
      "http://192.168.1.5:8787/api/dev/outbox",
    ]) {
      const response = await callDev(url);
      expect([url, response.status]).toEqual([url, 403]);
      expect(await response.json()).toEqual({ error: { code: "forbidden", message: WRONG_HOST_MESSAGE } });
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    const sql = await runSql(["DROP TABLE users"], "http://evil.example:8787/api/dev/sql");
    expect(sql.status).toBe(403);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first("n")).toBeGreaterThan(0);
  });
});

describe("POST /api/dev/sql with players over two shards", () => {
  const shards = twoShardEnv();
  const runIn = (body: { statements: string[]; player?: string }) =>
    callDev(
      "/api/dev/sql",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
      shards,
    );

  it("writes a player's rows in their shard and copies fixture questions and contests to every shard", async () => {
    const player = userIdInShard(1);
    const [questionId, contestId] = [crypto.randomUUID(), crypto.randomUUID()];
    const now = Date.now();
    const catalogue = [
      `INSERT INTO questions (id, title, sport_category, credit_cost, deadline, status, created_at, updated_at) VALUES ('${questionId}', 'Fixture', 'NBA', 1, ${now + 60_000}, 'published', ${now}, ${now})`,
      `INSERT INTO contests (id, title, duration_days, starts_at, ends_at, created_at) VALUES ('${contestId}', 'Fixture', 3, ${now}, ${now + 60_000}, ${now})`,
    ];
    expect((await runIn({ statements: catalogue })).status).toBe(200);
    const statements = [
      `INSERT INTO users (id, email, username, referral_code, created_at, updated_at) VALUES ('${player}', '${player}@example.com', 'fixture_${now}', 'FIX${now}', ${now}, ${now})`,
      `INSERT INTO user_bookmarks (user_id, question_id, created_at) VALUES ('${player}', '${questionId}', ${now})`,
    ];
    expect((await runIn({ player, statements })).status).toBe(200);
    expect(await rowsByDatabase(shards, "user_bookmarks", player)).toEqual({ shard: 1, other: 0, catalogue: 0 });
    expect(await rowsByDatabase(shards, "questions", questionId, "id")).toEqual({ shard: 1, other: 1, catalogue: 1 });
    expect(await rowsByDatabase(shards, "contests", contestId, "id")).toEqual({ shard: 1, other: 1, catalogue: 1 });
  });
});
