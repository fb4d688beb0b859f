import { describe, expect, it } from "vitest";
import { worthLogging } from "./request-log";

describe("request log sampling", () => {
  it("always logs writes, errors and slow requests, and a share of fast successful reads", () => {
    const read = { method: "GET", status: 200, durationMs: 12 };
    expect(worthLogging(read, 0.1, 0.05)).toBe(true);
    expect(worthLogging(read, 0.1, 0.5)).toBe(false);
    expect(worthLogging({ ...read, method: "HEAD" }, 0, 0)).toBe(false);
    expect(worthLogging({ ...read, method: "POST" }, 0, 0.99)).toBe(true);
    expect(worthLogging({ ...read, method: "DELETE" }, 0, 0.99)).toBe(true);
    expect(worthLogging({ ...read, status: 404 }, 0, 0.99)).toBe(true);
    expect(worthLogging({ ...read, status: 503 }, 0, 0.99)).toBe(true);
    expect(worthLogging({ ...read, durationMs: 1500 }, 0, 0.99)).toBe(true);
  });
});
