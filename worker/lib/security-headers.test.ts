import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { API_SECURITY_HEADERS, securityHeaders } from "./security-headers";

const app = new Hono()
  .use("*", securityHeaders())
  .get("/json", (c) => c.json({ ok: true }))
  .get("/public", (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ ok: true });
  })
  .get("/own-response", () => new Response("raw", { headers: { "Cache-Control": "public, max-age=5", "X-Powered-By": "x" } }))
  .get("/throws", () => {
    throw new Error("boom");
  })
  .onError((_error, c) => c.json({ error: "boom" }, 500));

const expectSecurityHeaders = (response: Response) => {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
};

describe("security headers", () => {
  it("start every answer built by the context, personal by default", async () => {
    const response = await app.request("/json");
    expectSecurityHeaders(response);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("let a public read choose its own Cache-Control", async () => {
    const response = await app.request("/public");
    expectSecurityHeaders(response);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
  });

  it("are added to a Response a handler built itself, keeping its Cache-Control and dropping X-Powered-By", async () => {
    const response = await app.request("/own-response");
    expectSecurityHeaders(response);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=5");
    expect(response.headers.get("X-Powered-By")).toBeNull();
  });

  it("are on error answers too", async () => {
    const response = await app.request("/throws");
    expect(response.status).toBe(500);
    expectSecurityHeaders(response);
  });
});
