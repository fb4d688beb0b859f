import { z } from "@hono/zod-openapi";
import { CREDIT_LIMITS, CURRENCIES, PURCHASE_MODES, type PurchaseMode } from "#shared/pricing";

export const rangeMessage = (mode: PurchaseMode) => {
  const { min, max } = CREDIT_LIMITS[mode];
  return mode === "payment"
    ? `You can buy between ${min} and ${max} credits`
    : `A subscription is between ${min} and ${max} credits a month`;
};

const inRange = ({ credits, mode }: { credits: number; mode: PurchaseMode }) =>
  credits >= CREDIT_LIMITS[mode].min && credits <= CREDIT_LIMITS[mode].max;

const currency = z.enum(CURRENCIES, { error: "Unsupported currency" });
const mode = z.enum(PURCHASE_MODES, { error: "Mode must be payment or subscription" });

const withinLimits = (value: { credits: number; mode: PurchaseMode }, ctx: z.RefinementCtx) => {
  if (!inRange(value)) ctx.addIssue({ code: "custom", path: ["credits"], message: rangeMessage(value.mode) });
};

const wholeCredits = z.number({ error: "Credits must be a whole number" }).int("Credits must be a whole number");

export const pricingQuerySchema = z
  .object({
    credits: z.coerce.number({ error: "Credits must be a whole number" }).pipe(wholeCredits),
    currency: currency.default("USD"),
    mode: mode.default("payment"),
  })
  .superRefine(withinLimits);

export const checkoutRequestSchema = z
  .object({ credits: wholeCredits, currency: currency.default("USD"), mode: mode.default("payment") })
  .superRefine(withinLimits)
  .openapi("CheckoutRequest");

export const priceSchema = z
  .object({
    credits: z.number().int(),
    currency,
    amount: z.number().int().openapi({ description: "Total in the currency's minor unit (cents; yen for JPY)" }),
    unitPrice: z.number().int().openapi({ description: "One credit in the minor unit, rounded; display only" }),
  })
  .openapi("Price");

export const urlSchema = z.object({ url: z.string() });

export const verifyRequestSchema = z
  .object({ sessionId: z.string({ error: "Invalid session" }).regex(/^cs_\w{1,250}$/, "Invalid session") })
  .openapi("VerifyPaymentRequest");

export const verifyResponseSchema = z
  .object({
    success: z.boolean(),
    wasDuplicate: z.boolean().openapi({
      description:
        "True when this payment's return was answered before (a reopened link, another tab); the first answer is false even when the webhook credited the payment first",
    }),
    creditsAdded: z.number().int(),
    newBalance: z.number().int(),
    message: z.string(),
  })
  .openapi("VerifyPaymentResponse");

export const subscriptionSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    creditsAmount: z.number().int(),
    totalPrice: z.number().int(),
    currency: z.string(),
    nextDeliveryDate: z.number().int().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    createdAt: z.number().int(),
  })
  .openapi("Subscription");
