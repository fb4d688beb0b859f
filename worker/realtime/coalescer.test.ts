import { describe, expect, it } from "vitest";
import { createCoalescer } from "./coalescer";

/** A send that finishes only when told to, recording what each call carried. */
const manualSend = () => {
  const calls: string[][] = [];
  const finishers: (() => void)[] = [];
  const send = (items: string[]) => {
    calls.push(items);
    return new Promise<void>((resolve) => finishers.push(resolve));
  };
  const finishNext = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { calls, send, finishNext };
};

describe("createCoalescer", () => {
  it("sends a lone item at once, in a call of its own", async () => {
    const add = createCoalescer<string>();
    const { calls, send, finishNext } = manualSend();
    const done = add("a", send);
    expect(calls).toEqual([["a"]]);
    await finishNext();
    await done;
  });

  it("sends the items added while a call is on its way together in the next call, each once and in order", async () => {
    const add = createCoalescer<string>();
    const first = manualSend();
    const others = manualSend();
    const draining = add("a", first.send);
    await Promise.all(["b", "c", "d"].map((item) => add(item, others.send)));
    expect(first.calls).toEqual([["a"]]);
    await first.finishNext();
    expect(first.calls).toEqual([["a"], ["b", "c", "d"]]);
    await first.finishNext();
    await draining;
    expect(others.calls).toEqual([]);
    add("e", others.send);
    expect(others.calls).toEqual([["e"]]);
  });

  it("hands over after its time: the next item added starts a drain of its own", async () => {
    let now = 0;
    const add = createCoalescer<string>({ handoverMs: 100, clock: () => now });
    const first = manualSend();
    const next = manualSend();
    const draining = add("a", first.send);
    void add("b", next.send);
    now = 150;
    await first.finishNext();
    expect(first.calls).toEqual([["a"], ["b"]]);
    void add("c", next.send);
    expect(next.calls).toEqual([["c"]]);
    await first.finishNext();
    await draining;
    expect(first.calls).toEqual([["a"], ["b"]]);
  });

  it("stops waiting for a drain whose send never finishes", async () => {
    let now = 0;
    const add = createCoalescer<string>({ staleMs: 5_000, clock: () => now });
    const stuck = manualSend();
    const fresh = manualSend();
    void add("a", stuck.send);
    void add("b", fresh.send);
    expect(fresh.calls).toEqual([]);
    now = 6_000;
    void add("c", fresh.send);
    expect(fresh.calls).toEqual([["b", "c"]]);
  });
});
