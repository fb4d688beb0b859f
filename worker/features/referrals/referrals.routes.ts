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
import { groupByShard, playerDb } from "../../db/shards";
import { referrerBonusKey } from "./referral-bonus";

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

type Invite = { username: string; createdAt: number; picked: boolean; rewarded: boolean };
type Referrals = { code: string; invites: Invite[]; counts: { signedUp: number; firstPick: number; rewarded: number; creditsEarned: number } };

/** The player's own catalogue and ledger are one database: everything in one batch. */
const readTogether = async (d1: D1Database, userId: string): Promise<Referrals> => {
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
  return { code: user[0]!.code, invites, counts: counts[0]! };
};

/**
 * Friends live in any shard: the directory lists them, each friend's shard says whether they picked, and the player's
 * own ledger which of them paid a referral bonus.
 */
const readAcrossShards = async (env: Env, userId: string): Promise<Referrals> => {
  const { results: friends } = await env.DB.prepare(
    "SELECT id, username, created_at FROM users WHERE referred_by = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC",
  )
    .bind(userId)
    .all<{ id: string; username: string; created_at: number }>();
  const own = playerDb(env, userId);
  const [code, ledger, picked] = await Promise.all([
    env.DB.prepare("SELECT referral_code FROM users WHERE id = ?").bind(userId).first<string>("referral_code"),
    own
      .prepare("SELECT idempotency_key AS key, amount FROM credit_transactions WHERE user_id = ? AND idempotency_key LIKE 'referral:%:referrer'")
      .bind(userId)
      .all<{ key: string; amount: number }>(),
    Promise.all(
      [...groupByShard(env, friends.map(({ id }) => id))].map(async ([{ db }, ids]) =>
        (await db.prepare("SELECT DISTINCT user_id FROM user_picks WHERE user_id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)).all<{ user_id: string }>()).results,
      ),
    ),
  ]);
  const pickers = new Set(picked.flat().map(({ user_id }) => user_id));
  const rewarded = new Set(ledger.results.map(({ key }) => key));
  const invites = friends.map((friend) => ({
    username: friend.username,
    createdAt: friend.created_at,
    picked: pickers.has(friend.id),
    rewarded: rewarded.has(referrerBonusKey(friend.id)),
  }));
  return {
    code: code ?? "",
    invites: invites.slice(0, INVITE_HISTORY_LIMIT),
    counts: {
      signedUp: invites.length,
      firstPick: invites.filter((invite) => invite.picked).length,
      rewarded: invites.filter((invite) => invite.rewarded).length,
      creditsEarned: ledger.results.reduce((sum, { amount }) => sum + amount, 0),
    },
  };
};

export const referralRoutes = createRouter().openapi(route, async (c) => {
  const userId = c.var.user.id;
  const { code, invites, counts } =
    playerDb(c.env, userId) === c.env.DB ? await readTogether(c.env.DB, userId) : await readAcrossShards(c.env, userId);
  return c.json(
    {
      code,
      link: new URL(`/auth?mode=signup&ref=${encodeURIComponent(code)}`, c.var.settings.APP_URL).toString(),
      referrerBonus: REFERRER_BONUS,
      friendBonus: REFERRED_FRIEND_BONUS,
      counts,
      invites: invites.map((invite) => ({ username: invite.username, joinedAt: invite.createdAt, status: statusOf(invite) })),
    },
    200,
  );
});
