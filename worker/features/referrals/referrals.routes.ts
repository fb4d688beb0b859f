import { createRoute, z } from "@hono/zod-openapi";
import { and, count, desc, eq, exists, isNull, like, sql, type SQL } from "drizzle-orm";
import { INVITE_HISTORY_LIMIT, REFERRED_FRIEND_BONUS, REFERRER_BONUS } from "../../config";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../auth/auth.middleware";
import { createDb, type Db } from "../../db/client";
import { boundQuery } from "../../db/compiled";
import { creditTransactions, userPicks, users } from "../../db/schema";
import { batchNamed } from "../../db/statement";

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

const REFERRER_BONUS_KEY = sql`'referral:' || ${users.id} || ':referrer'`;

/** A player's invited friends; deleted friends drop out of the list (their name is gone) but a bonus already paid stays counted. */
const invitedBy = (db: Db, userId: string) => {
  const picked = exists(db.select({ one: sql`1` }).from(userPicks).where(eq(userPicks.userId, users.id)));
  const rewarded = exists(db.select({ one: sql`1` }).from(creditTransactions).where(eq(creditTransactions.idempotencyKey, REFERRER_BONUS_KEY)));
  return db
    .select({
      username: users.username,
      createdAt: users.createdAt,
      picked: sql<boolean>`${picked}`.mapWith(Boolean).as("picked"),
      rewarded: sql<boolean>`${rewarded}`.mapWith(Boolean).as("rewarded"),
    })
    .from(users)
    .where(and(eq(users.referredBy, userId), isNull(users.deletedAt)));
};

const statusOf = (invite: { picked: boolean; rewarded: boolean }) =>
  (invite.rewarded ? "rewarded" : invite.picked ? "first_pick" : "signed_up") as z.infer<typeof inviteStatus>;

const sumOf = (column: SQL.Aliased<boolean>) => sql<number>`COALESCE(SUM(${column}), 0)`;

export const referralRoutes = createRouter().openapi(route, async (c) => {
  const userId = c.var.user.id;
  const d1 = c.env.DB;
  const db = createDb(d1);
  const everyInvite = invitedBy(db, userId).as("invites");
  const creditsEarned = db
    .select({ total: sql<number>`COALESCE(SUM(${creditTransactions.amount}), 0)` })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), like(creditTransactions.idempotencyKey, "referral:%:referrer")));
  const { user, invites, counts } = await batchNamed(d1, {
    user: boundQuery(d1, db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId))),
    invites: boundQuery(d1, invitedBy(db, userId).orderBy(desc(users.createdAt), desc(users.id)).limit(INVITE_HISTORY_LIMIT)),
    counts: boundQuery(
      d1,
      db
        .select({
          signedUp: count(),
          firstPick: sumOf(everyInvite.picked),
          rewarded: sumOf(everyInvite.rewarded),
          creditsEarned: sql<number>`${creditsEarned}`,
        })
        .from(everyInvite),
    ),
  });
  const { code } = user[0]!;
  const total = counts[0]!;
  return c.json(
    {
      code,
      link: new URL(`/auth?mode=signup&ref=${encodeURIComponent(code)}`, c.var.settings.APP_URL).toString(),
      referrerBonus: REFERRER_BONUS,
      friendBonus: REFERRED_FRIEND_BONUS,
      counts: total,
      invites: invites.map((invite) => ({ username: invite.username, joinedAt: invite.createdAt, status: statusOf(invite) })),
    },
    200,
  );
});
