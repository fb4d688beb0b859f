import { describe, expect, it } from "vitest";
import { signUp, tokenFromLatestEmail } from "../../test/accounts";
import { call } from "../../test/http";

const hintLine = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith("signed_in="));

describe("the signed-in hint cookie", () => {
  it("comes with every sign-in and refresh, readable by the page and secret-free, and goes with sign-out", async () => {
    await signUp("hint@example.com");
    const confirmed = await call("/api/auth/confirm", {
      method: "POST",
      json: { token: await tokenFromLatestEmail("hint@example.com", "confirm") },
    });
    const line = hintLine(confirmed);
    expect(line).toMatch(/^signed_in=1;/);
    expect(line).toMatch(/Max-Age=\d{6,}/);
    expect(line).toMatch(/; Secure/);
    expect(line).not.toMatch(/HttpOnly/);

    const login = await call("/api/auth/login", {
      method: "POST",
      json: { email: "hint@example.com", password: "password123" },
    });
    expect(login.status).toBe(200);
    expect(hintLine(login)).toMatch(/^signed_in=1;.*Max-Age=\d{6,}/);

    const refreshCookie = login.headers
      .getSetCookie()
      .find((l) => l.startsWith("__Host-refresh="))!
      .split(";")[0]!;
    const refreshed = await call("/api/auth/refresh", { method: "POST", headers: { Cookie: refreshCookie } });
    expect(refreshed.status).toBe(200);
    expect(hintLine(refreshed)).toMatch(/^signed_in=1;/);

    const newRefresh = refreshed.headers
      .getSetCookie()
      .find((l) => l.startsWith("__Host-refresh="))!
      .split(";")[0]!;
    const out = await call("/api/auth/logout", { method: "POST", headers: { Cookie: newRefresh } });
    expect(hintLine(out)).toMatch(/^signed_in=;.*Max-Age=0/);
  });

  it("is added to a session from before it existed, and never to a visitor", async () => {
    const healed = await call("/api/questions", { headers: { Cookie: "__Host-refresh=an-old-session" } });
    expect(hintLine(healed)).toMatch(/^signed_in=1;/);
    expect(hintLine(await call("/api/questions"))).toBeUndefined();
    expect(
      hintLine(await call("/api/questions", { headers: { Cookie: "__Host-refresh=x; signed_in=1" } })),
    ).toBeUndefined();
  });
});
