import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_PAGE_SIZE } from "../../config";
import { decodeKeyset, page } from "../../lib/cursor";
import { sendCommittedEmails } from "../emails/email-sends";
import { adminOnly, errorResponses, jsonBody, jsonContent } from "../../lib/openapi";
import { publishCredits } from "../credits/publish-credits";
import { requestPushes } from "../notifications/push-queue";
import { createRouter } from "../../lib/router";
import { requireAdmin } from "../session/session.middleware";
import { decideRedemption } from "./decide-redemption.service";
import { queueRows } from "./redemption-queue";
import { adminRedemptionSchema, decisionRequestSchema, redemptionSchema } from "./redemptions.schemas";
import { loadRiskSignals, riskSignalsSchema } from "./risk-signals";
import { loadAwardSignals } from "./award-signals";
import { exampleAdminRedemption, exampleRedemption } from "./redemptions.examples";

/**
 * A queue entry carries its risk signals, so the admin weighs them before paying out, and why this admin may not
 * fulfil it (four eyes), so it waits for another.
 */
const queueItemSchema = adminRedemptionSchema
  .extend({
    risk: riskSignalsSchema,
    fulfilBlockedReason: z
      .string()
      .nullable()
      .openapi({ description: "Why the signed-in admin may not fulfil it; null when they may" }),
  })
  .openapi("AdminRedemptionQueueItem");

const exampleQueueItem = {
  ...exampleAdminRedemption,
  risk: {
    accountAgeDays: 3,
    sameIpAccounts: 2,
    samePayoutEmailAccounts: 0,
    sameReferralAccounts: 1,
    linkedAccounts: 2,
    pickWinnings: 120,
    oppositeSideWinnings: 40,
    awardFundedWinnings: 0,
    recentAwards: 0,
    awardedBy: [],
    highRisk: true,
    reasons: ["opposite_side_winnings", "new_account_with_links"],
  },
  fulfilBlockedReason: null,
} satisfies z.output<typeof queueItemSchema>;

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listAdminRedemptions",
  summary: "Redemptions to decide, with risk signals",
  description:
    "For admins paying out: a page of redemptions (pending ones first to decide), each with the signals that it " +
    "may be abuse and whether this admin may fulfil it (an admin who awarded the player credits may not).",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: {
    query: z.object({
      status: z.enum(["pending", "fulfilled", "rejected"], { error: "Unknown status" }).optional(),
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: {
    200: jsonContent(z.object({ items: z.array(queueItemSchema), nextCursor: z.string().nullable() }), {
      items: [exampleQueueItem],
      nextCursor: null,
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized", "forbidden"),
  },
});

const decideRoute = createRoute({
  method: "patch",
  path: "/{id}",
  operationId: "decideRedemption",
  summary: "Fulfil or reject a pending redemption",
  description:
    "For admins: marks a pending redemption fulfilled (after paying it out) or rejected (its credits go back to the " +
    "player), with an optional note the player sees; the player is emailed. A redemption on hold cannot be fulfilled.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: {
    params: z.object({ id: z.string().max(100) }),
    body: jsonBody(decisionRequestSchema, { status: "fulfilled", note: "Code sent by email" }),
  },
  responses: {
    200: jsonContent(z.object({ redemption: redemptionSchema }), {
      redemption: {
        ...exampleRedemption,
        status: "fulfilled",
        note: "Code sent by email",
        updatedAt: 1767380400000,
        decidedAt: 1767380400000,
      },
    }),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found", "conflict"),
  },
});

export const redemptionAdminRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { status, cursor } = c.req.valid("query");
    const rows = await queueRows(c.var.data, status, cursor ? decodeKeyset(cursor) : null, ADMIN_PAGE_SIZE + 1);
    const listed = page(rows, ADMIN_PAGE_SIZE);
    const requests = listed.items.map(({ id, user, email, createdAt }) => ({ id, userId: user.id, email, createdAt }));
    const awards = loadAwardSignals(
      c.var.data,
      requests.map(({ userId }) => userId),
      c.var.user.id,
      Date.now(),
    );
    const [risks, { blocks }] = await Promise.all([
      loadRiskSignals(
        c.var.data,
        requests,
        awards.then(({ signals }) => signals),
      ),
      awards,
    ]);
    // Redemptions are never deleted, so every listed one has its signals; the filter only satisfies the types.
    const items = listed.items.flatMap((item) => {
      const risk = risks.get(item.id);
      const fulfilBlockedReason = item.status === "pending" ? (blocks.get(item.user.id) ?? null) : null;
      return risk ? [{ ...item, risk, fulfilBlockedReason }] : [];
    });
    return c.json({ items, nextCursor: listed.nextCursor }, 200);
  })
  .openapi(decideRoute, async (c) => {
    const { status, note } = c.req.valid("json");
    const { redemption, userId } = await decideRedemption(c.var.data, {
      redemptionId: c.req.valid("param").id,
      status,
      note: note || null,
      adminId: c.var.user.id,
      now: Date.now(),
      appUrl: c.var.settings.APP_URL,
    });
    await sendCommittedEmails(c, [userId]);
    if (status === "rejected") c.executionCtx.waitUntil(publishCredits(c.var.data, c.env, userId));
    await requestPushes(c.var.data, c.var.data.groupPlayers([userId]).keys());
    return c.json({ redemption }, 200);
  });
