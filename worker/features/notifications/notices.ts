import * as z from "zod";
import type { PushPayload } from "#shared/push-payload";
import type { pushTopics } from "../../db/schema";

/**
 * What happened, as the outbox keeps it: facts only, written by SQL in the batch that caused them. The words are
 * chosen when the push is sent, so a copy change reaches notices already queued.
 */
export const noticeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("pick"),
    pickId: z.string(),
    questionTitle: z.string(),
    // removed: an admin deleted the question, and the pick with it, refunding what it cost.
    status: z.enum(["won", "lost", "void", "removed"]),
    payout: z.number().int(),
    spent: z.number().int(),
  }),
  z.object({
    kind: z.literal("streak"),
    questionTitle: z.string(),
    streakBefore: z.number().int(),
    streakAfter: z.number().int(),
    reason: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("redemption"),
    redemptionId: z.string(),
    status: z.enum(["fulfilled", "rejected"]),
    credits: z.number().int(),
  }),
  z.object({
    kind: z.literal("contest"),
    contestId: z.string(),
    contestTitle: z.string(),
    place: z.number().int(),
    prize: z.number().int(),
    // Only in a result without a prize: "#12 of 40" says more than "#12".
    entrants: z.number().int().optional(),
  }),
]);

export type Notice = z.infer<typeof noticeSchema>;
export type PushTopic = (typeof pushTopics)[number];

export const TOPIC_OF: Record<Notice["kind"], PushTopic> = {
  pick: "picks",
  streak: "streaks",
  redemption: "redemptions",
  contest: "contests",
};

const credits = (amount: number) => `${amount} ${amount === 1 ? "credit" : "credits"}`;

const pickPayload = (notice: Extract<Notice, { kind: "pick" }>): PushPayload => {
  const titles = {
    won: `You won ${credits(notice.payout)}!`,
    lost: "Your pick lost",
    void: `Pick voided: ${credits(notice.spent)} refunded`,
    removed: `Question removed: ${credits(notice.spent)} refunded`,
  };
  // A removed question's pick is gone from My Picks: the tap opens the feed.
  const url = notice.status === "removed" ? "/home" : "/picks";
  return { title: titles[notice.status], body: notice.questionTitle, url, tag: `pick-${notice.pickId}` };
};

/** The notification a player sees, and the page a tap opens. */
export const toPushPayload = (notice: Notice): PushPayload => {
  switch (notice.kind) {
    case "pick":
      return pickPayload(notice);
    case "streak":
      return {
        title: `Your streak was corrected: ${notice.streakBefore} → ${notice.streakAfter}`,
        body: notice.reason ? `${notice.questionTitle}\nReason: ${notice.reason}` : notice.questionTitle,
        url: "/picks",
        tag: "streak",
      };
    case "redemption":
      return notice.status === "fulfilled"
        ? {
            title: "Your redemption was fulfilled",
            body: "Check your email for the details.",
            url: "/gift-cards",
            tag: `redemption-${notice.redemptionId}`,
          }
        : {
            title: "Your redemption was not approved",
            body: `${credits(notice.credits)} went back to your balance.`,
            url: "/gift-cards",
            tag: `redemption-${notice.redemptionId}`,
          };
    case "contest":
      return {
        title: `You placed #${notice.place} in ${notice.contestTitle}`,
        body:
          notice.prize > 0
            ? `${credits(notice.prize)} added to your balance.`
            : `${notice.entrants ? `Out of ${notice.entrants} players. ` : ""}No prize this time.`,
        url: "/leaderboard",
        tag: `contest-${notice.contestId}`,
      };
  }
};
