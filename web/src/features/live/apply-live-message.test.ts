import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyLiveMessage } from "./apply-live-message";

describe("applyLiveMessage", () => {
  it("refetches the invite history on screen when the balance changes, since a referral bonus arrives that way", async () => {
    const queryClient = new QueryClient();
    let fetches = 0;
    const onScreen = new QueryObserver(queryClient, { queryKey: ["referrals"], queryFn: () => ++fetches });
    const unsubscribe = onScreen.subscribe(() => undefined);
    await expect.poll(() => fetches).toBe(1);

    applyLiveMessage(
      queryClient,
      { type: "credits", data: { balance: 105, totalEarned: 100, totalSpent: 0, redeemable: 100 } },
      () => undefined,
    );

    await expect.poll(() => fetches).toBe(2);
    unsubscribe();
  });
});
