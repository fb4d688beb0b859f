import { describe, expect, it, vi } from "vitest";
import { createBatchedSender } from "./batched-sender";

/** Lets every callback already queued run: the sender has no timer, so nothing happens after that unprompted. */
const callbacksRun = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A receiver that records each batch and answers only when `answer` is called. */
const receiver = () => {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const send = (items: number[]) => {
    batches.push(items);
    return new Promise<void>((resolve) => pending.push(resolve));
  };
  const answer = () => pending.splice(0).forEach((resolve) => resolve());
  return { batches, send, answer };
};

describe("createBatchedSender", () => {
  it("sends a lone item at once, and what arrives while a send is out in one batch once it is answered, in order", async () => {
    const { batches, send, answer } = receiver();
    const sender = createBatchedSender({ send, limit: 100, what: "test" });
    sender.add([1]);
    expect(batches).toEqual([[1]]);
    sender.add([2]);
    sender.add([3, 4]);
    await callbacksRun();
    expect(batches).toHaveLength(1);
    answer();
    await callbacksRun();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    answer();
    await callbacksRun();
    sender.add([5]);
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it("logs a failed send and keeps sending what comes after", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sent: number[][] = [];
    let fail = true;
    const sender = createBatchedSender({
      send: async (items: number[]) => {
        if (fail) throw new Error("hub unreachable");
        sent.push(items);
      },
      limit: 100,
      what: "test",
    });
    sender.add([1]);
    await callbacksRun();
    fail = false;
    sender.add([2]);
    await callbacksRun();
    expect(sent).toEqual([[2]]);
    expect(warn.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ event: "live_publish_failed", what: "test", items: 1 }),
    );
    warn.mockRestore();
  });

  it("drops the oldest waiting items beyond its limit", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { batches, send, answer } = receiver();
    const sender = createBatchedSender({ send, limit: 3, what: "test" });
    sender.add([1]);
    sender.add([2, 3, 4, 5, 6]);
    answer();
    await callbacksRun();
    expect(batches).toEqual([[1], [4, 5, 6]]);
    expect(warn).toHaveBeenCalledTimes(1);
    answer();
    warn.mockRestore();
  });

  it("sends nothing for an empty hand-over", () => {
    const { batches, send } = receiver();
    createBatchedSender({ send, limit: 3, what: "test" }).add([]);
    expect(batches).toEqual([]);
  });
});
