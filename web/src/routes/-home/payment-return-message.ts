import { formatCredits } from "../../lib/format";

type Verification = { success: boolean; wasDuplicate: boolean; creditsAdded: number; message: string };

export type PaymentReturnMessage = { kind: "success" | "error"; title: string; description: string };

/**
 * What the return page says about a verified payment. The server answers the first return as new even when the
 * webhook credited the payment before the player got back; a duplicate is a return answered before (a reopened link,
 * another tab), and its wording never claims this visit added anything.
 */
export const paymentReturnMessage = (result: Verification): PaymentReturnMessage => {
  if (!result.success) return { kind: "error", title: "Payment Verification Failed", description: result.message };
  const credits = formatCredits(result.creditsAdded);
  if (result.wasDuplicate) {
    return {
      kind: "success",
      title: "Payment already credited",
      description: `Your balance already includes this payment's ${credits}.`,
    };
  }
  const verb = result.creditsAdded === 1 ? "has" : "have";
  return {
    kind: "success",
    title: "Payment Successful!",
    description: `${credits} ${verb} been added to your account.`,
  };
};
