import {
  isCashOutEmail,
  isConfirmableEmail,
  payoutHandleProblem,
  REDEMPTION_ERRORS as E,
  type CashOutMethod,
  type RedemptionError,
} from "#shared/redemptions";

/** Which field a problem is about, so that field can say it is the one (aria-invalid). */
export type ProblemField = "amount" | "email" | "handle" | "age" | "method";
export type Problem = RedemptionError & { field: ProblemField };

const about = (field: ProblemField, error: RedemptionError): Problem => ({ ...error, field });

/** The email rule both forms state first: blank says so ('Email Required'), anything else is judged by `isValid`. */
const emailProblem = (email: string, isValid: (email: string) => boolean) =>
  !email.trim() ? about("email", E.emailRequired) : isValid(email) ? null : about("email", E.emailInvalid);

type GiftCardForm = { credits: number; min: number; max: number; redeemable: number; email: string; adult: boolean };

/**
 * What keeps the gift card's button disabled, one thing at a time in the order the form reads: the amount, the email,
 * the 18+ box. Null when it can be submitted.
 */
export const giftCardProblem = ({ credits, min, max, redeemable, email, adult }: GiftCardForm): Problem | null => {
  if (credits < min) return about("amount", E.minimum(min));
  if (credits > max) return about("amount", E.maximum(max));
  if (credits > redeemable) return about("amount", E.insufficient);
  return emailProblem(email, isConfirmableEmail) ?? (adult ? null : about("age", E.ageRequired));
};

type CashOutForm = {
  method: CashOutMethod | null;
  credits: number;
  min: number;
  email: string;
  handle: string;
  adult: boolean;
};

/** The same for a cash-out: the method, the amount, the email, the payout handle, the 18+ box. */
export const cashOutProblem = ({ method, credits, min, email, handle, adult }: CashOutForm): Problem | null => {
  if (!method) return about("method", E.method);
  if (credits < min) return about("amount", E.minimum(min));
  const emailWrong = emailProblem(email, isCashOutEmail);
  if (emailWrong) return emailWrong;
  const handleWrong = payoutHandleProblem(method, handle);
  if (handleWrong) return about("handle", handleWrong);
  return adult ? null : about("age", E.ageRequired);
};
