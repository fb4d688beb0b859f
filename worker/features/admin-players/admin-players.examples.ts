import type { z } from "@hono/zod-openapi";
import { exampleAuditEntry } from "../admin-audit/admin-audit.examples";
import type { adjustCreditsSchema, ledgerEntrySchema, playerDetailSchema } from "./admin-players.schemas";

const PLAYER_ID = "5f0c6a53-2d4e-4b8a-9a51-0c3e2f7b9d14";

/** The API document's examples of the admin's player pages (checked against the schemas by its linters). */
export const examplePlayerSummary = {
  id: PLAYER_ID,
  email: "sam@example.com",
  username: "BoldFalcon42",
  country: "US",
  role: "player",
  emailConfirmedAt: 1767226000000,
  deletedAt: null,
  createdAt: 1767225600000,
} satisfies z.output<typeof playerDetailSchema>["player"];

export const exampleAdjustment = {
  adjustmentId: "0f6d2b8e-4a1c-4e97-b3d5-8c2a7e1f9b40",
  amount: 50,
  reason: "Compensation for the outage on 1 January",
} satisfies z.input<typeof adjustCreditsSchema>;

export const exampleLedgerEntry = {
  id: "2c7a9e4d-8b1f-4d36-a0e5-6f3b9c2d7a18",
  amount: 50,
  transactionType: "admin_adjustment",
  source: "awarded",
  description: "Adjusted by an admin: Compensation for the outage on 1 January",
  questionId: null,
  createdAt: 1767380400000,
} satisfies z.output<typeof ledgerEntrySchema>;

export const examplePlayer = {
  player: examplePlayerSummary,
  credits: { balance: 190, totalEarned: 310, totalSpent: 120, redeemable: 40 },
  transactions: [exampleLedgerEntry],
  picks: [
    {
      id: "7d3f1b6e-8a2c-4e59-b0d4-6c1e9f2a7b38",
      questionId: "0b8e7c2a-5d41-4f3e-9c6b-2a7d1e0f4b93",
      choice: "yes",
      creditsSpent: 10,
      status: "won",
      actualPayout: 20,
      createdAt: 1767290400000,
      questionTitle: "Will the Lakers beat the Celtics tonight?",
    },
  ],
  redemptions: [
    {
      id: "a7c2e95b-0d3f-4b18-8e6a-5f1c9d2b7e04",
      kind: "gift_card",
      creditsSpent: 50,
      valueCents: 3000,
      status: "pending",
      note: null,
      createdAt: 1767290400000,
    },
  ],
  audit: [exampleAuditEntry],
} satisfies z.output<typeof playerDetailSchema>;
