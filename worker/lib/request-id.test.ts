import { describe, expect, it } from "vitest";
import { call } from "../test/http";

const RAY = "8f1c2d3e4f5a6b7c-SJC";

describe("the request id", () => {
  it("is Cloudflare's Ray ID for the request at the edge", async () => {
    const response = await call("/api/questions", { headers: { "CF-Ray": RAY } });
    expect(response.headers.get("X-Request-Id")).toBe(RAY);
  });

  it("is the isolate's own, different for each request, where there is no Ray ID, and never the client's", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const response = await call("/api/health", { headers: { "X-Request-Id": "chosen-by-the-client" } });
      ids.push(response.headers.get("X-Request-Id"));
    }
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => id !== null && id.length > 13 && id !== "chosen-by-the-client")).toBe(true);
  });

  it("does not take a CF-Ray header longer than any Ray ID", async () => {
    const response = await call("/api/health", { headers: { "CF-Ray": "x".repeat(65) } });
    expect(response.headers.get("X-Request-Id")).not.toContain("xxx");
  });
});
