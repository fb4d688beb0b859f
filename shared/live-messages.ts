import * as z from "zod/mini";

const credits = z.object({ balance: z.number(), totalEarned: z.number(), totalSpent: z.number(), redeemable: z.number() });

/** The live-update protocol, shared by the worker and the web app; both sides validate every message. */
export const liveMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("credits"), data: credits }),
  z.object({
    type: z.literal("transaction"),
    data: z.object({ id: z.string(), amount: z.number(), transactionType: z.string(), description: z.string(), createdAt: z.number() }),
  }),
  z.object({
    type: z.literal("pick"),
    data: z.object({ id: z.string(), questionId: z.string(), status: z.enum(["active", "won", "lost", "void"]), actualPayout: z.number() }),
  }),
  z.object({
    type: z.literal("profile"),
    data: z.object({ username: z.string(), country: z.string(), maxStreak: z.number() }),
  }),
  z.object({
    type: z.literal("streak"),
    data: z.object({
      questionId: z.string(),
      questionTitle: z.nullable(z.string()),
      reason: z.nullable(z.string()),
      streakBefore: z.number(),
      streakAfter: z.number(),
    }),
  }),
  z.object({ type: z.literal("question.updated"), data: z.object({ id: z.string() }) }),
  z.object({ type: z.literal("question.published"), data: z.object({ id: z.string() }) }),
  z.object({ type: z.literal("question.deleted"), data: z.object({ id: z.string() }) }),
  z.object({
    type: z.literal("activity"),
    data: z.object({
      id: z.string(),
      kind: z.enum(["pick", "win"]),
      username: z.string(),
      questionId: z.string(),
      questionTitle: z.string(),
      choice: z.enum(["yes", "no"]),
      credits: z.number(),
      createdAt: z.number(),
    }),
  }),
]);

export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** Message types only a signed-in user's own sockets receive. */
export const PRIVATE_MESSAGE_TYPES = ["credits", "transaction", "pick", "profile", "streak"] as const;
