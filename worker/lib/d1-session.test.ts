import { describe, expect, it } from "vitest";
import { signUpAndLogin } from "../test/accounts";
import { call, callJson } from "../test/http";

describe("D1 sessions", () => {
  it("answers with a bookmark, and a read sent with it sees the write before it", async () => {
    const player = await signUpAndLogin("bookmark-reader@example.com");
    const write = await call("/api/me", { method: "PATCH", headers: player.bearer, json: { username: "Bookmarked_1" } });
    expect(write.status).toBe(200);
    const bookmark = write.headers.get("X-D1-Bookmark");
    expect(bookmark).toBeTruthy();
    const read = await callJson<{ user: { username: string } }>("/api/me", {
      headers: { ...player.bearer, "X-D1-Bookmark": bookmark ?? "" },
    });
    expect(read.body.user.username).toBe("Bookmarked_1");
    expect(read.response.headers.get("X-D1-Bookmark")).toBeTruthy();
  });

  it("ignores a malformed bookmark instead of failing the request", async () => {
    const { status } = await callJson("/api/health", { headers: { "X-D1-Bookmark": "not a bookmark!" } });
    expect(status).toBe(200);
  });
});
