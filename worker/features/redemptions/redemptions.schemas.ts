import { z } from "@hono/zod-openapi";
import {
  CASH_OUT_METHODS,
  isCashOutEmail,
  isConfirmableEmail,
  payoutHandleProblem,
  REDEMPTION_ERRORS as E,
  type RedemptionError,
} from "#shared/redemptions";
import { HOLD_CAUSES } from "#shared/redemption-holds";
import { REDEMPTION_MIN_CREDITS, REDEMPTION_NOTE_MAX_LENGTH } from "../../config";
import { AppError } from "../../lib/errors";

const MIN = E.minimum(REDEMPTION_MIN_CREDITS);

const creditsSchema = z
  .number({ error: MIN.message })
  .int(E.wholeNumber.message)
  .min(REDEMPTION_MIN_CREDITS, MIN.message);

const emailSchema = (isValid: (email: string) => boolean) =>
  z
    .string({ error: E.emailRequired.message })
    .trim()
    .min(1, E.emailRequired.message)
    .max(254, E.emailInvalid.message)
    .refine(isValid, E.emailInvalid.message);

const ageSchema = z
  .literal(true, { error: E.ageRequired.message })
  .openapi({ description: "The player confirms they are 18 or older" });

const handleSchema = z.string().trim().max(100).optional();

export const giftCardRequestSchema = z
  .object({
    rewardId: z.string({ error: E.reward.message }).trim().min(1, E.reward.message).max(100, E.reward.message),
    credits: creditsSchema,
    email: emailSchema(isConfirmableEmail),
    ageConfirmed: ageSchema,
  })
  .openapi("GiftCardRedemptionRequest");

export const cashOutRequestSchema = z
  .object({
    amount: creditsSchema,
    method: z.enum(CASH_OUT_METHODS, { error: E.method.message }),
    email: emailSchema(isCashOutEmail),
    venmoUsername: handleSchema,
    cashTag: handleSchema,
    ageConfirmed: ageSchema,
  })
  .superRefine((body, ctx) => {
    const field = body.method === "venmo" ? "venmoUsername" : "cashTag";
    const problem = payoutHandleProblem(body.method, body[field] ?? "");
    if (problem) ctx.addIssue({ code: "custom", path: [field], message: problem.message });
  })
  .openapi("CashOutRequest");

export const decisionRequestSchema = z
  .object({
    status: z.enum(["fulfilled", "rejected"], { error: "Please choose fulfilled or rejected" }),
    note: z
      .string()
      .trim()
      .max(REDEMPTION_NOTE_MAX_LENGTH, `A note is at most ${REDEMPTION_NOTE_MAX_LENGTH} characters`)
      .optional(),
  })
  .openapi("RedemptionDecision");

export const redemptionSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["gift_card", "cash_out"]),
    rewardId: z.string().nullable(),
    rewardName: z.string().nullable(),
    method: z.enum(CASH_OUT_METHODS).nullable(),
    creditsSpent: z.number().int(),
    valueCents: z.number().int().openapi({ description: "US cents" }),
    email: z.string(),
    payoutHandle: z.string().nullable(),
    status: z.enum(["pending", "fulfilled", "rejected"]),
    note: z.string().nullable(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
    decidedAt: z.number().int().nullable(),
  })
  .openapi("Redemption");

export const redemptionHoldSchema = z
  .object({
    cause: z.enum(HOLD_CAUSES),
    paymentId: z.string().openapi({ description: "The Stripe payment whose refund or dispute caused the hold" }),
    heldAt: z.number().int(),
  })
  .openapi("RedemptionHold");

export const adminRedemptionSchema = redemptionSchema
  .extend({
    user: z.object({ id: z.string(), username: z.string(), email: z.string() }),
    hold: redemptionHoldSchema.nullable().openapi({
      description: "Why it was put on hold; a pending held redemption cannot be fulfilled until an admin releases it",
    }),
  })
  .openapi("AdminRedemption");

const TITLED: RedemptionError[] = [
  MIN,
  ...Object.values(E).filter((value): value is RedemptionError => typeof value === "object"),
];

/** A refusal with its toast title beside its message, so every client can show both. */
export const redemptionError = (
  code: "validation_failed" | "insufficient_credits" | "not_found" | "rule_violation" | "unauthorized" | "forbidden",
  error: RedemptionError,
  field?: string,
) => new AppError(code, error.message, { title: error.title, ...(field ? { field } : {}) });

/** Like the shared validation hook, with the title of the first broken rule. */
export const titledValidationHook = (result: { success: true } | { success: false; error: z.ZodError }): undefined => {
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".");
  const known = TITLED.find((error) => error.message === issue?.message);
  throw redemptionError(
    "validation_failed",
    known ?? { title: "Redemption Failed", message: "Invalid input provided" },
    field,
  );
};
