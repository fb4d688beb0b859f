import * as z from "zod/mini";

/** The live-update protocol, shared by the worker and the web app; both sides validate every message. */
export const liveMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("credits"),
    data: z.object({ balance: z.number(), totalEarned: z.number(), totalSpent: z.number(), redeemable: z.number() }),
  }),
  z.object({
    type: z.literal("question.deleted"),
    data: z.object({ id: z.string() }),
  }),
]);

export type LiveMessage = z.infer<typeof liveMessageSchema>;
