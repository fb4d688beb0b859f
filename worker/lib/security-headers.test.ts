import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { API_SECURITY_HEADERS, DOCUMENT_HEADERS, securityHeaders } from "./security-headers";

const app = new Hono()
  .use("*", securityHeaders())
  .get("/api/json", (c) => c.json({ ok: true }))
  .get("/share/page", (c) => c.html("<p>shared</p>"))
  .get("/share/own-response", () => new Response("<p>shared</p>", { headers: { "Content-Type": "text/html" } }))
  .get("/api/public", (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ ok: true });
  })
  .get(
    "/api/own-response",
    () => new Response("raw", { headers: { "Cache-Control": "public, max-age=5", "X-Powered-By": "x" } }),
  )
  .get("/api/throws", () => {
    throw new Error("boom");
  })
  .onError((_error, c) => c.json({ error: "boom" }, 500));

const expectSecurityHeaders = (response: Response) => {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
};
const documentHeadersOf = (response: Response) =>
  Object.keys(DOCUMENT_HEADERS).map((name) => response.headers.get(name));

describe("security headers", () => {
  it("start every answer built by the context, personal by default", async () => {
    const response = await app.request("/api/json");
    expectSecurityHeaders(response);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(documentHeadersOf(response)).toEqual(Object.keys(DOCUMENT_HEADERS).map(() => null));
  });

  it("add the document headers to a page outside the API, however it was built", async () => {
    for (const path of ["/share/page", "/share/own-response"]) {
      const response = await app.request(path);
      expectSecurityHeaders(response);
      expect(documentHeadersOf(response)).toEqual(Object.values(DOCUMENT_HEADERS));
    }
  });

  it("let a public read choose its own Cache-Control", async () => {
    const response = await app.request("/api/public");
    expectSecurityHeaders(response);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
  });

  it("are added to a Response a handler built itself, keeping its Cache-Control and dropping X-Powered-By", async () => {
    const response = await app.request("/api/own-response");
    expectSecurityHeaders(response);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=5");
    expect(response.headers.get("X-Powered-By")).toBeNull();
  });

  it("are on error answers too", async () => {
    const response = await app.request("/api/throws");
    expect(response.status).toBe(500);
    expectSecurityHeaders(response);
  });
});
