import { describe, expect, it, vi } from "vitest";
import { createOutbox } from "./outbox";

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A receiver that records each batch with when it started, and answers when `release` is called. */
const receiver = () => {
  const batches: { items: number[]; at: number }[] = [];
  const pending: (() => void)[] = [];
  const send = (items: number[]) => {
    batches.push({ items, at: Date.now() });
    return new Promise<void>((resolve) => pending.push(resolve));
  };
  const release = () => pending.splice(0).forEach((resolve) => resolve());
  return { batches, send, release };
};

describe("createOutbox", () => {
  it("sends a lone item at once, and what arrives while a send is out in one batch after it, in order", async () => {
    const { batches, send, release } = receiver();
    const outbox = createOutbox({ send, windowMs: 20, limit: 100, what: "test" });
    outbox.add([1]);
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    outbox.add([2]);
    outbox.add([3, 4]);
    await later(50);
    expect(batches).toHaveLength(1);
    release();
    await later(10);
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    release();
  });

  it("leaves a window between two sends' starts, however fast the receiver answers", async () => {
    const starts: number[] = [];
    const outbox = createOutbox({ send: async () => void starts.push(Date.now()), windowMs: 30, limit: 100, what: "test" });
    outbox.add([1]);
    await later(1);
    outbox.add([2]);
    await later(80);
    expect(starts).toHaveLength(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(30);
  });

  it("logs a failed send and keeps sending what comes after", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sent: number[][] = [];
    let fail = true;
    const outbox = createOutbox({
      send: async (items: number[]) => {
        if (fail) throw new Error("hub unreachable");
        sent.push(items);
      },
      windowMs: 5,
      limit: 100,
      what: "test",
    });
    outbox.add([1]);
    await later(1);
    fail = false;
    outbox.add([2]);
    await later(30);
    expect(sent).toEqual([[2]]);
    expect(warn.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ event: "live_publish_failed", what: "test", items: 1 }),
    );
    warn.mockRestore();
  });

  it("drops the oldest waiting items beyond its limit", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { batches, send, release } = receiver();
    const outbox = createOutbox({ send, windowMs: 0, limit: 3, what: "test" });
    outbox.add([1]);
    outbox.add([2, 3, 4, 5, 6]);
    release();
    await later(10);
    expect(batches.map((b) => b.items)).toEqual([[1], [4, 5, 6]]);
    release();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
