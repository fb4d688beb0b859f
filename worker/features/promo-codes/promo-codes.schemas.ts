import { z } from "@hono/zod-openapi";
import { PROMO_CODE_MAX_CREDITS, PROMO_CODE_MAX_LENGTH } from "../../config";

export const PROMO_MESSAGES = {
  empty: "Please enter a promo code",
  signIn: "Please sign in to redeem promo codes",
  invalid: "Invalid or inactive promo code",
  expired: "This promo code has expired",
  used: "You have already used this promo code",
  failed: "Failed to redeem promo code. Please try again.",
} as const;

/** Trimmed and uppercased before anything looks it up (codes are case-insensitive). */
const normalized = z
  .string({ error: PROMO_MESSAGES.empty })
  .trim()
  .min(1, PROMO_MESSAGES.empty)
  .transform((code) => code.toUpperCase());

export const redeemRequestSchema = z
  .object({ code: normalized.pipe(z.string().max(PROMO_CODE_MAX_LENGTH, PROMO_MESSAGES.invalid)) })
  .openapi("RedeemPromoCodeRequest");

export const redeemResponseSchema = z
  .object({ success: z.literal(true), creditsAwarded: z.number().int(), code: z.string() })
  .openapi("RedeemPromoCodeResponse");

const CODE_RULE = `Codes are 3 to ${PROMO_CODE_MAX_LENGTH} letters, digits, dashes or underscores`;
const adminCode = normalized.pipe(z.string().regex(new RegExp(`^[A-Z0-9_-]{3,${PROMO_CODE_MAX_LENGTH}}$`), CODE_RULE));
const credits = z
  .number({ error: "Credits must be a whole number" })
  .int("Credits must be a whole number")
  .min(1, "Credits must be at least 1")
  .max(PROMO_CODE_MAX_CREDITS, `Credits must be at most ${PROMO_CODE_MAX_CREDITS}`);
const expiresAt = z.number({ error: "Expiry must be a time in milliseconds" }).int().positive().nullable();
const maxRedemptions = z
  .number({ error: "Maximum redemptions must be a whole number" })
  .int()
  .min(1, "Maximum redemptions must be at least 1")
  .nullable();

export const createPromoCodeSchema = z
  .object({
    code: adminCode,
    credits,
    active: z.boolean().default(true),
    expiresAt: expiresAt.default(null),
    maxRedemptions: maxRedemptions.default(null),
  })
  .openapi("CreatePromoCodeRequest");

export const updatePromoCodeSchema = z
  .object({
    credits: credits.optional(),
    active: z.boolean().optional(),
    expiresAt: expiresAt.optional(),
    maxRedemptions: maxRedemptions.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: "Nothing to change" })
  .openapi("UpdatePromoCodeRequest");

export const promoCodeSchema = z
  .object({
    code: z.string(),
    credits: z.number().int(),
    active: z.boolean(),
    expiresAt: z.number().int().nullable(),
    maxRedemptions: z.number().int().nullable(),
    redemptionCount: z.number().int(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  })
  .openapi("PromoCode");

export type PromoCode = z.infer<typeof promoCodeSchema>;
