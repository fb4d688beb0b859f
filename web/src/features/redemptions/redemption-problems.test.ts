import { describe, expect, it } from "vitest";
import { cashOutProblem, giftCardProblem } from "./redemption-problems";

const card = { credits: 20, min: 10, max: 1000, redeemable: 50, email: "me@example.com", adult: true };

describe("giftCardProblem", () => {
  it("says why the button is disabled, one reason at a time, in the order the form reads", () => {
    expect(giftCardProblem({ ...card, credits: 5, email: "", adult: false })).toEqual({
      field: "amount",
      title: "Invalid Amount",
      message: "Minimum amount is 10 credits",
    });
    expect(giftCardProblem({ ...card, credits: 60 })).toMatchObject({ field: "amount", title: "Insufficient Credits" });
    expect(giftCardProblem({ ...card, email: "  ", adult: false })).toEqual({
      field: "email",
      title: "Email Required",
      message: "Please enter your email address",
    });
    expect(giftCardProblem({ ...card, email: "me@x" })).toEqual({
      field: "email",
      title: "Invalid Email",
      message: "Please enter a valid email address",
    });
    expect(giftCardProblem({ ...card, adult: false })).toEqual({
      field: "age",
      title: "Age Confirmation Required",
      message: "You must confirm you are 18 or older to redeem",
    });
    expect(giftCardProblem(card)).toBeNull();
  });
});

describe("cashOutProblem", () => {
  const cash = { method: "venmo" as const, credits: 20, min: 10, email: "me@example.com", handle: "@me", adult: true };

  it("says the first thing still to do, so only one message ever shows", () => {
    expect(cashOutProblem({ ...cash, method: null, credits: 0, adult: false })).toMatchObject({
      field: "method",
      title: "Choose a Method",
    });
    expect(cashOutProblem({ ...cash, credits: 0 })).toMatchObject({ field: "amount", title: "Invalid Amount" });
    expect(cashOutProblem({ ...cash, email: "" })).toMatchObject({ field: "email", title: "Email Required" });
    expect(cashOutProblem({ ...cash, handle: "me" })).toMatchObject({
      field: "handle",
      message: "Your Venmo username must start with @",
    });
    expect(cashOutProblem({ ...cash, adult: false })).toMatchObject({
      field: "age",
      title: "Age Confirmation Required",
    });
    expect(cashOutProblem(cash)).toBeNull();
  });
});
