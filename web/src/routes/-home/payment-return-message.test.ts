import { describe, expect, it } from "vitest";
import { paymentReturnMessage } from "./payment-return-message";

const paid = { success: true, wasDuplicate: false, creditsAdded: 100, message: "" };

describe("paymentReturnMessage", () => {
  it("says credits were added only when this verification added them", () => {
    expect(paymentReturnMessage(paid)).toEqual({
      kind: "success",
      title: "Payment Successful!",
      description: "100 credits have been added to your account.",
    });
    expect(paymentReturnMessage({ ...paid, creditsAdded: 1 }).description).toBe(
      "1 credit has been added to your account.",
    );
  });

  it("says a payment credited before (a reopened link, or the webhook first) was already credited", () => {
    const message = paymentReturnMessage({ ...paid, wasDuplicate: true, creditsAdded: 1500 });
    expect(message).toEqual({
      kind: "success",
      title: "Payment already credited",
      description: "Your balance already includes this payment's 1,500 credits.",
    });
    expect(message.description).not.toMatch(/added/);
  });

  it("passes on the server's reason when the payment is not complete", () => {
    const message = paymentReturnMessage({
      ...paid,
      success: false,
      message: "Your payment has not been completed yet.",
    });
    expect(message).toEqual({
      kind: "error",
      title: "Payment Verification Failed",
      description: "Your payment has not been completed yet.",
    });
  });
});
