import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, callJson } from "../../test/http";

describe("health and the API's common behaviour", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers ok", async () => {
    const { status, body } = await callJson("/api/health");
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
  });

  it("answers ahead of the API's shared middleware: no settings, session or request line", async () => {
    const lines = vi.spyOn(console, "log");
    // Settings that no other route could start with, and every read logged: health needs neither.
    const site = { ...env, SESSION_SECRET: "", READ_LOG_SAMPLE_RATE: "1" };
    const health = await callJson("/api/health", { env: site, headers: { Authorization: "Bearer not-a-token" } });
    expect([health.status, health.body]).toEqual([200, { ok: true }]);
    expect(health.response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(lines.mock.calls.filter(([line]) => String(line).includes('"event":"request"'))).toEqual([]);
    expect((await call("/api/questions", { env: site })).status).toBe(500);
  });

  it("answers with the headers of any other JSON answer of the API, and HEAD without a body", async () => {
    const names = ["Content-Type", "Cache-Control", "Content-Security-Policy", "X-Content-Type-Options"];
    const headersOf = (response: Response) => names.map((name) => response.headers.get(name));
    const routed = await call("/api/no-such-route");
    const health = await call("/api/health", { headers: { "CF-Ray": "8f1c2d3e4f5a6b7c-SJC" } });
    expect(headersOf(health)).toEqual(headersOf(routed));
    expect(health.headers.get("X-Request-Id")).toBe("8f1c2d3e4f5a6b7c-SJC");
    const head = await call("/api/health", { method: "HEAD" });
    expect([head.status, await head.text(), headersOf(head)]).toEqual([200, "", headersOf(routed)]);
  });

  it("is only /api/health itself, with or without a query", async () => {
    expect((await call("/api/health?probe=1")).status).toBe(200);
    for (const path of ["/api/healthz", "/api/health/deep", "/api/health-check"])
      expect((await call(path)).status).toBe(404);
    expect((await call("/api/health", { method: "POST", json: {} })).status).toBe(404);
  });

  it("answers unknown API routes with the JSON error shape", async () => {
    const { status, body } = await callJson("/api/no-such-route");
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: "not_found", message: "Page not found" } });
  });

  it("sets the API's security headers, a request id and no framework header", async () => {
    const response = await call("/api/health");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Request-Id")).toMatch(/.+/);
    expect(response.headers.get("X-Powered-By")).toBeNull();
  });

  it("serves an OpenAPI document listing the routes, relative to /api, with the ways to authenticate", async () => {
    type Document = {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const { status, body } = await callJson<Document>("/api/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    expect(body.servers).toEqual([{ url: "/api" }]);
    expect(body.components.securitySchemes).toEqual({
      cookieAuth: { type: "apiKey", in: "cookie", name: "__Host-access" },
      bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
    });
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/health", "/contact"]));
  });

  it("refuses a text/plain body on a JSON route with 415", async () => {
    const { status, body } = await callJson<{ error: { code: string } }>("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "name=x",
    });
    expect(status).toBe(415);
    expect(body.error.code).toBe("unsupported_media_type");
  });

  it("refuses a cross-origin write", async () => {
    const { status } = await callJson("/api/contact", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      json: { name: "a", email: "a@b.co", subject: "s", message: "m" },
    });
    expect(status).toBe(403);
  });

  it("answers malformed JSON with a 400 in the error shape", async () => {
    const { status, body } = await callJson<{ error: { code: string } }>("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe("bad_request");
  });

  it("caps request bodies", async () => {
    const { status } = await callJson("/api/contact", {
      method: "POST",
      json: { name: "a", email: "a@b.co", subject: "s", message: "m".repeat(70_000) },
    });
    expect(status).toBe(413);
  });
});
