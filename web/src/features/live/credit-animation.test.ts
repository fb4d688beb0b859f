import { describe, expect, it } from "vitest";
import { animationDuration, createBurstQueue, intensityOf } from "./credit-animation";

describe("credit animation", () => {
  it("grades intensity and duration as the product rules say", () => {
    expect(intensityOf(24)).toBe("subtle");
    expect(intensityOf(-25)).toBe("moderate");
    expect(intensityOf(99)).toBe("moderate");
    expect(intensityOf(100)).toBe("strong");
    expect(animationDuration(10, "spend")).toBe(300);
    expect(animationDuration(50, "pick_payout")).toBe(600);
    expect(animationDuration(150, "daily_free")).toBe(700);
  });

  it("shows one burst at a time, in order", () => {
    const pending: (() => void)[] = [];
    const queue = createBurstQueue((fn) => pending.push(fn));
    const seen: (string | null)[] = [];
    queue.subscribe((burst) => seen.push(burst?.id ?? null));
    queue.push({ id: "a", amount: 5, transactionType: "spend" });
    queue.push({ id: "b", amount: 50, transactionType: "pick_payout" });
    expect(queue.current()?.id).toBe("a");
    pending.shift()?.();
    expect(queue.current()?.id).toBe("b");
    pending.shift()?.();
    expect(seen).toEqual(["a", "b", null]);
  });
});
