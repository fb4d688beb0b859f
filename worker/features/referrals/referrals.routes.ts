import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { INVITE_HISTORY_LIMIT, REFERRED_FRIEND_BONUS, REFERRER_BONUS } from "../../config";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../session/session.middleware";
import { createDb } from "../../db/client";
import { boundQuery, runQuery } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { creditTransactions, userPicks, users } from "../../db/schema";
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
  description:
    "For the signed-in player inviting friends: their code and link, the bonus each side gets once a friend makes " +
    "a first pick, and how far each invited friend got.",
  security: signedIn,
  tags: ["Referrals"],
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(referralsSchema, {
      code: "SAM7QK2P",
      link: "https://pickstreak.app/auth?mode=signup&ref=SAM7QK2P",
      referrerBonus: REFERRER_BONUS,
      friendBonus: REFERRED_FRIEND_BONUS,
      counts: { signedUp: 3, firstPick: 2, rewarded: 2, creditsEarned: 2 * REFERRER_BONUS },
      invites: [{ username: "RiverHawk7", joinedAt: 1767225600000, status: "rewarded" }],
    }),
    ...errorResponses("unauthorized"),
  },
});

/** The player's invited friends in the directory, newest first; deleted friends drop out (their name is gone). */
const invitedBy = (catalogue: D1Database, userId: string) =>
  boundQuery(
    catalogue,
    createDb(catalogue)
      .select({ id: users.id, username: users.username, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.referredBy, userId), isNull(users.deletedAt)))
      .orderBy(desc(users.createdAt), desc(users.id)),
  );

const referralCode = (catalogue: D1Database, userId: string) =>
  boundQuery(
    catalogue,
    createDb(catalogue).select({ code: users.referralCode }).from(users).where(eq(users.id, userId)),
  );

/** The player's friends in this database who made a pick, found through its copies of their accounts. */
const friendsWhoPicked = (d1: D1Database, userId: string) =>
  boundQuery(
    d1,
    createDb(d1)
      .selectDistinct({ userId: userPicks.userId })
      .from(userPicks)
      .innerJoin(users, eq(users.id, userPicks.userId))
      .where(eq(users.referredBy, userId)),
  );

/** Every referral bonus the player was paid, a deleted friend's included; the literal LIKE lets SQLite use its partial index. */
const referrerBonuses = (d1: D1Database, userId: string) => {
  const t = creditTransactions;
  return boundQuery(
    d1,
    createDb(d1)
      .select({ key: t.idempotencyKey, amount: t.amount })
      .from(t)
      .where(and(eq(t.userId, userId), sql`${t.idempotencyKey} LIKE 'referral:%:referrer'`)),
  );
};

type Invite = { username: string; createdAt: number; picked: boolean; rewarded: boolean };

const statusOf = (invite: Invite) =>
  (invite.rewarded ? "rewarded" : invite.picked ? "first_pick" : "signed_up") as z.infer<typeof inviteStatus>;

/**
 * Friends live in any player database: the directory lists them, each database says which of its players the player
 * invited have picked, and the player's own ledger which of them paid a referral bonus. All at once: one round trip,
 * one batch where everything is one database.
 */
const readReferrals = async (data: DataContext, userId: string) => {
  const own = data.player(userId);
  const elsewhere = data.players().filter(({ db }) => db !== own);
  const [{ friends, code, picked, bonuses }, ...pickedElsewhere] = await Promise.all([
    data.readCatalogueAndPlayer(
      userId,
      (catalogue) => ({ friends: invitedBy(catalogue, userId), code: referralCode(catalogue, userId) }),
      (db) => ({ picked: friendsWhoPicked(db, userId), bonuses: referrerBonuses(db, userId) }),
    ),
    ...elsewhere.map(({ db }) => runQuery(friendsWhoPicked(db, userId))),
  ]);
  const pickers = new Set([...picked, ...pickedElsewhere.flat()].map((friend) => friend.userId));
  const rewarded = new Set(bonuses.map(({ key }) => key));
  const invites: Invite[] = friends.map((friend) => ({
    username: friend.username,
    createdAt: friend.createdAt,
    picked: pickers.has(friend.id),
    rewarded: rewarded.has(referrerBonusKey(friend.id)),
  }));
  return {
    code: code[0]?.code ?? "",
    invites: invites.slice(0, INVITE_HISTORY_LIMIT),
    counts: {
      signedUp: invites.length,
      firstPick: invites.filter((invite) => invite.picked).length,
      rewarded: invites.filter((invite) => invite.rewarded).length,
      creditsEarned: bonuses.reduce((sum, { amount }) => sum + amount, 0),
    },
  };
};

export const referralRoutes = createRouter().openapi(route, async (c) => {
  const { code, invites, counts } = await readReferrals(c.var.data, c.var.user.id);
  return c.json(
    {
      code,
      link: new URL(`/auth?mode=signup&ref=${encodeURIComponent(code)}`, c.var.settings.APP_URL).toString(),
      referrerBonus: REFERRER_BONUS,
      friendBonus: REFERRED_FRIEND_BONUS,
      counts,
      invites: invites.map((invite) => ({
        username: invite.username,
        joinedAt: invite.createdAt,
        status: statusOf(invite),
      })),
    },
    200,
  );
});
