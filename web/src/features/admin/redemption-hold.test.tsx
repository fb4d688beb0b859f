import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { holdSummary, RedemptionHoldNotice, type RedemptionHold } from "./redemption-hold";

const hold: RedemptionHold = { cause: "dispute_opened", paymentId: "cs_test_123", heldAt: Date.UTC(2026, 10, 20, 12) };

const render = (pending: boolean) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <RedemptionHoldNotice id="r1" hold={hold} pending={pending} />
    </QueryClientProvider>,
  );

describe("RedemptionHoldNotice", () => {
  it("names the cause and the payment", () => {
    expect(holdSummary(hold, true)).toMatch(/^On hold: Dispute opened · payment cs_test_123 · /);
    expect(holdSummary({ ...hold, cause: "charge_refunded" }, false)).toMatch(/^Was on hold: Charge refunded · /);
  });

  it("offers the release only while the redemption is pending", () => {
    expect(render(true)).toContain("Release hold");
    expect(render(false)).not.toContain("Release hold");
  });
});
