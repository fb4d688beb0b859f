import { z } from "@hono/zod-openapi";
import { creditTransactions, giftCardRedemptions, userPicks, users } from "../../db/schema";
import { createSelectSchema } from "../../db/zod";
import { creditsSchema } from "../credits/credits.schemas";
import { auditEntrySchema } from "../admin-audit/admin-audit.schemas";

export const MAX_ADJUSTMENT = 100_000;
const AMOUNT_MESSAGE = `Amount must be a whole number between -${MAX_ADJUSTMENT} and ${MAX_ADJUSTMENT}, and not 0`;

export const adjustCreditsSchema = z
  .object({
    adjustmentId: z
      .uuid({ error: "Invalid adjustment id" })
      .openapi({ description: "Made by the form once; a repeat moves nothing" }),
    amount: z
      .number({ error: AMOUNT_MESSAGE })
      .int(AMOUNT_MESSAGE)
      .min(-MAX_ADJUSTMENT, AMOUNT_MESSAGE)
      .max(MAX_ADJUSTMENT, AMOUNT_MESSAGE)
      .refine((amount) => amount !== 0, AMOUNT_MESSAGE)
      .openapi({
        description:
          "Positive awards credits that are never redeemable, nor are the winnings of picks paid with them; negative deducts, never below zero",
      }),
    reason: z
      .string({ error: "Please give a reason" })
      .trim()
      .min(3, "Please give a reason")
      .max(500, "Reason must be at most 500 characters"),
  })
  .openapi("AdjustCredits");

export type AdjustCredits = z.infer<typeof adjustCreditsSchema>;

export const playerIdParams = z.object({ id: z.string().min(1).max(100) });

export const playerListQuerySchema = z.object({
  q: z.string().trim().max(100, "Search is too long").optional(),
  cursor: z.string().max(200).optional(),
});

export const playerSummarySchema = createSelectSchema(users, { email: z.string(), username: z.string() })
  .pick({
    id: true,
    email: true,
    username: true,
    country: true,
    role: true,
    emailConfirmedAt: true,
    deletedAt: true,
    createdAt: true,
  })
  .openapi("AdminPlayerSummary");

export const ledgerEntrySchema = createSelectSchema(creditTransactions)
  .pick({
    id: true,
    amount: true,
    transactionType: true,
    source: true,
    description: true,
    questionId: true,
    createdAt: true,
  })
  .openapi("AdminLedgerEntry");

export const playerDetailSchema = z
  .object({
    player: playerSummarySchema,
    credits: creditsSchema,
    transactions: z.array(ledgerEntrySchema),
    picks: z.array(
      createSelectSchema(userPicks)
        .pick({
          id: true,
          questionId: true,
          choice: true,
          creditsSpent: true,
          status: true,
          actualPayout: true,
          createdAt: true,
        })
        .extend({ questionTitle: z.string().nullable() }),
    ),
    redemptions: z.array(
      createSelectSchema(giftCardRedemptions).pick({
        id: true,
        kind: true,
        creditsSpent: true,
        valueCents: true,
        status: true,
        note: true,
        createdAt: true,
      }),
    ),
    audit: z.array(auditEntrySchema),
  })
  .openapi("AdminPlayer");

export const adjustmentResultSchema = z
  .object({ transaction: ledgerEntrySchema, credits: creditsSchema, duplicate: z.boolean() })
  .openapi("AdjustmentResult");
