import { describe, expect, it } from "vitest";
import { signUpAndLogin } from "../test/accounts";
import { callJson } from "../test/http";
import { decodeKeyset, encodeKeyset } from "./cursor";

const LISTS = [
  "/api/questions",
  "/api/picks",
  "/api/credits/transactions",
  "/api/activity",
  "/api/leaderboard",
  "/api/redemptions",
];

describe("one cursor scheme", () => {
  it("round-trips a keyset, ids with colons included", () => {
    expect(decodeKeyset(encodeKeyset({ createdAt: 1_700_000_000_000, id: "win:abc" }))).toEqual({
      createdAt: 1_700_000_000_000,
      id: "win:abc",
    });
  });

  it("answers every list's malformed cursor with 400 Invalid cursor, never ignoring it", async () => {
    const player = await signUpAndLogin("cursor-lists@example.com");
    for (const path of LISTS) {
      for (const cursor of [
        "garbage",
        "1700000000000:some-id",
        encodeKeyset({ createdAt: 1, id: "x" }).slice(0, -2) + "!!",
      ]) {
        const { status, body } = await callJson<{ error?: { code: string; message: string } }>(
          `${path}?cursor=${encodeURIComponent(cursor)}`,
          {
            headers: player.bearer,
          },
        );
        expect([path, cursor, status, body.error]).toEqual([
          path,
          cursor,
          400,
          { code: "bad_request", message: "Invalid cursor" },
        ]);
      }
    }
  });
});
