import { describe, expect, it } from "vitest";
import { signUpAndLogin } from "../test/accounts";
import { apiClient, bodyAt } from "../test/client";

describe("D1 sessions", () => {
  it("answers with a bookmark, and a read sent with it sees the write before it", async () => {
    const player = await signUpAndLogin("bookmark-reader@example.com");
    const write = await apiClient({ headers: player.bearer }).me.$patch({ json: { username: "Bookmarked_1" } });
    expect(write.status).toBe(200);
    const bookmark = write.headers.get("X-D1-Bookmark");
    expect(bookmark).toBeTruthy();
    const read = await apiClient({ headers: { ...player.bearer, "X-D1-Bookmark": bookmark ?? "" } }).me.$get();
    expect((await bodyAt(read, 200)).user.username).toBe("Bookmarked_1");
    expect(read.headers.get("X-D1-Bookmark")).toBeTruthy();
  });

  it("ignores a malformed bookmark instead of failing the request", async () => {
    const { status } = await apiClient({ headers: { "X-D1-Bookmark": "not a bookmark!" } }).categories.$get();
    expect(status).toBe(200);
  });
});
