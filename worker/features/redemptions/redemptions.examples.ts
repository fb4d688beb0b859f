import type { z } from "@hono/zod-openapi";
import type { adminRedemptionSchema, redemptionSchema } from "./redemptions.schemas";

/** The API document's examples of redemptions (checked against the schemas by its linters). */
export const exampleRedemption = {
  id: "a7c2e95b-0d3f-4b18-8e6a-5f1c9d2b7e04",
  kind: "gift_card",
  rewardId: "amazon-us",
  rewardName: "Amazon",
  method: null,
  creditsSpent: 50,
  valueCents: 3000,
  email: "sam@example.com",
  payoutHandle: null,
  status: "pending",
  note: null,
  createdAt: 1767290400000,
  updatedAt: 1767290400000,
  decidedAt: null,
} satisfies z.output<typeof redemptionSchema>;

export const exampleCashOut = {
  ...exampleRedemption,
  id: "2e8b4d1f-9a6c-4c37-b205-7d0e3f9a1c68",
  kind: "cash_out",
  rewardId: null,
  rewardName: null,
  method: "venmo",
  payoutHandle: "@sam-plays",
} satisfies z.output<typeof redemptionSchema>;

export const exampleAdminRedemption = {
  ...exampleRedemption,
  user: { id: "5f0c6a53-2d4e-4b8a-9a51-0c3e2f7b9d14", username: "BoldFalcon42", email: "sam@example.com" },
  hold: null,
} satisfies z.output<typeof adminRedemptionSchema>;
