import * as z from "zod/mini";
import { lazily } from "./lazily";

/** The live-update protocol, shared by the worker and the web app; both sides validate every message. */
const buildMessageSchema = () =>
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("credits"),
      data: z.object({ balance: z.number(), totalEarned: z.number(), totalSpent: z.number(), redeemable: z.number() }),
    }),
    z.object({
      type: z.literal("transaction"),
      data: z.object({
        id: z.string(),
        amount: z.number(),
        transactionType: z.string(),
        description: z.string(),
        createdAt: z.number(),
      }),
    }),
    z.object({
      type: z.literal("pick"),
      data: z.object({
        id: z.string(),
        questionId: z.string(),
        status: z.enum(["active", "won", "lost", "void"]),
        actualPayout: z.number(),
      }),
    }),
    // An admin deleted a question the player had an open pick on: the pick is gone and its cost refunded.
    z.object({
      type: z.literal("pick.removed"),
      data: z.object({ questionId: z.string(), questionTitle: z.string(), refunded: z.number() }),
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

export type LiveMessage = z.infer<ReturnType<typeof buildMessageSchema>>;

/**
 * Built on first use, not when the module loads: the browser loads this module as its socket opens, in a phone's first
 * seconds, and building the schema there was a 50 ms task on a throttled phone; a visitor may never receive a frame.
 */
export const liveMessageSchema = lazily(buildMessageSchema);

/**
 * What one WebSocket frame carries: the messages of one publish (a pick's balance, pick and transaction; one public
 * event), in the order to apply them. A client validates each message on its own, so a type it does not know yet
 * is skipped without losing the others.
 */
export const parseLiveFrame = (messages: LiveMessage[]): LiveMessage[] =>
  messages.map((message) => liveMessageSchema().parse(message));

/** The messages of a frame's text that a client understands, in order; nothing for a frame that is not an array. */
export const messagesOfFrame = (text: string): LiveMessage[] => {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(frame)) return [];
  return frame.flatMap((message) => {
    const parsed = liveMessageSchema().safeParse(message);
    return parsed.success ? [parsed.data] : [];
  });
};

/** Message types only a signed-in user's own sockets receive. */
export const PRIVATE_MESSAGE_TYPES = ["credits", "transaction", "pick", "profile", "streak"] as const;
