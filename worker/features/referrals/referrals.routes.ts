import { createRoute, z } from "@hono/zod-openapi";
import { INVITE_HISTORY_LIMIT, REFERRED_FRIEND_BONUS, REFERRER_BONUS } from "../../config";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../auth/auth.middleware";
import type { SqlColumns } from "../../db/rows";
import type { users } from "../../db/schema";
import { batchNamed, typed } from "../../db/statement";

const inviteStatus = z.enum(["signed_up", "first_pick", "rewarded"]);

const referralsSchema = z
  .object({
    code: z.string(),
    link: z.string(),
    referrerBonus: z.number().int(),
    friendBonus: z.number().int(),
    counts: z.object({
      signedUp: z.number().int().openapi({ description: "Every invited friend" }),
      firstPick: z.number().int().openapi({ description: "Friends who made at least one pick" }),
      rewarded: z.number().int(),
      creditsEarned: z.number().int(),
    }),
    invites: z.array(z.object({ username: z.string(), joinedAt: z.number().int(), status: inviteStatus })),
  })
  .openapi("Referrals");

const route = createRoute({
  method: "get",
  path: "/",
  operationId: "getReferrals",
  summary: "The player's referral code, link, bonuses and invited friends",
  security: signedIn,
  tags: ["Referrals"],
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(referralsSchema), ...errorResponses(401) },
});

type InviteRow = SqlColumns<typeof users, "username" | "created_at"> & { picked: number; rewarded: number };
type CountsRow = { signed_up: number; first_pick: number; rewarded: number; credits_earned: number };

// Deleted friends drop out of the list (their name is gone) but a bonus already paid stays counted.
const INVITES = `
  SELECT u.username, u.created_at,
    EXISTS (SELECT 1 FROM user_picks p WHERE p.user_id = u.id) AS picked,
    EXISTS (SELECT 1 FROM credit_transactions t WHERE t.idempotency_key = 'referral:' || u.id || ':referrer') AS rewarded
  FROM users u WHERE u.referred_by = ?1 AND u.deleted_at IS NULL`;

const statusOf = (row: InviteRow) => (row.rewarded ? "rewarded" : row.picked ? "first_pick" : "signed_up") as z.infer<typeof inviteStatus>;

export const referralRoutes = createRouter().openapi(route, async (c) => {
  const userId = c.var.user.id;
  const d1 = c.env.DB;
  const { user, invites, counts } = await batchNamed(d1, {
    user: typed<SqlColumns<typeof users, "referral_code">>(d1.prepare("SELECT referral_code FROM users WHERE id = ?").bind(userId)),
    invites: typed<InviteRow>(d1.prepare(`${INVITES} ORDER BY u.created_at DESC, u.id DESC LIMIT ?2`).bind(userId, INVITE_HISTORY_LIMIT)),
    counts: typed<CountsRow>(
      d1.prepare(
        `SELECT COUNT(*) AS signed_up, COALESCE(SUM(picked), 0) AS first_pick, COALESCE(SUM(rewarded), 0) AS rewarded,
           (SELECT COALESCE(SUM(amount), 0) FROM credit_transactions
            WHERE user_id = ?1 AND idempotency_key LIKE 'referral:%:referrer') AS credits_earned
         FROM (${INVITES})`,
      ).bind(userId),
    ),
  });
  const code = user.results[0]!.referral_code;
  const total = counts.results[0]!;
  return c.json(
    {
      code,
      link: new URL(`/auth?mode=signup&ref=${encodeURIComponent(code)}`, c.var.settings.APP_URL).toString(),
      referrerBonus: REFERRER_BONUS,
      friendBonus: REFERRED_FRIEND_BONUS,
      counts: {
        signedUp: total.signed_up,
        firstPick: total.first_pick,
        rewarded: total.rewarded,
        creditsEarned: total.credits_earned,
      },
      invites: invites.results.map((row) => ({ username: row.username, joinedAt: row.created_at, status: statusOf(row) })),
    },
    200,
  );
});
