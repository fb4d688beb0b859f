import { env } from "cloudflare:test";
import { insertContest } from "./contests";
import { grantCredits } from "./ledger";
import { shardMap } from "../db/shards";
import { createPlayer, shardOf, sumOverShards, updateAccount, userIdBeside } from "./players";
import { insertQuestion } from "./questions";
import { signedInPlayer } from "./sessions";
import { paidCheckout, type FakeStripe } from "./stripe";

/** One money-moving request, ready to send, for a fresh player. */
export type MoneyRequest = {
  path: string;
  json?: unknown;
  headers: Record<string, string>;
  /** The player, and anyone else the request pays (a referrer). */
  userIds: string[];
  /** The question, promo code or contest the request is about, whose picks, uses or entrants the footprint counts. */
  target: string;
};

export type MoneyRoute = {
  name: string;
  /**
   * The `batch()` call in the player's shard that moves the money (a promo code's rate limit comes first where the
   * shard is the catalogue).
   */
  batch: number;
  /** `stripe` is the test file's stand-in (useFakeStripe), for the routes that need a payment. */
  setup: (stripe: FakeStripe) => Promise<MoneyRequest>;
};

const WINNER_EMAIL = "winner@example.com";

const playerWith = async (credits: number, source: "purchased" | "winnings" = "purchased") => {
  const player = await signedInPlayer();
  await grantCredits(player.userId, credits, source);
  return player;
};

/** Every POST that moves a player's credits at the player's request (verify credits a payment the webhook may not have). */
export const MONEY_ROUTES: MoneyRoute[] = [
  {
    name: "POST /api/picks",
    batch: 1,
    setup: async () => {
      const player = await playerWith(20);
      const questionId = await insertQuestion({ creditCost: 3 });
      return {
        path: "/api/picks",
        json: { questionId, choice: "yes", multiplier: 2 },
        headers: player.bearer,
        userIds: [player.userId],
        target: questionId,
      };
    },
  },
  {
    name: "POST /api/picks (a referred friend's first pick, with both bonuses)",
    batch: 1,
    setup: async () => {
      // In the referrer's shard, so the pick's one batch pays both (one elsewhere is paid through the referral queue).
      const referrer = await createPlayer();
      const friend = await signedInPlayer(10, env, userIdBeside(referrer));
      await updateAccount(friend.userId, "referred_by = ?, bonus_owner = 1", { values: [referrer] });
      const questionId = await insertQuestion({ creditCost: 2 });
      return {
        path: "/api/picks",
        json: { questionId, choice: "no", multiplier: 1 },
        headers: friend.bearer,
        userIds: [friend.userId, referrer],
        target: questionId,
      };
    },
  },
  {
    name: "POST /api/promo-codes/redeem",
    batch: shardMap(env).sharesCatalogue ? 2 : 1,
    setup: async () => {
      const player = await signedInPlayer();
      const code = `FAULT${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
      await env.DB.prepare("INSERT INTO promo_codes (code, credits, created_at, updated_at) VALUES (?, 25, 0, 0)")
        .bind(code)
        .run();
      return {
        path: "/api/promo-codes/redeem",
        json: { code },
        headers: player.bearer,
        userIds: [player.userId],
        target: code,
      };
    },
  },
  {
    name: "POST /api/redemptions/gift-card",
    // The player's state is read in a batch of its own (beside the reward's, or with it in one database) first.
    batch: 2,
    setup: async () => {
      const player = await playerWith(40, "winnings");
      const json = { rewardId: "amazon", credits: 25, email: WINNER_EMAIL, ageConfirmed: true };
      return {
        path: "/api/redemptions/gift-card",
        json,
        headers: player.bearer,
        userIds: [player.userId],
        target: "amazon",
      };
    },
  },
  {
    name: "POST /api/redemptions/cash-out",
    // The player's state is read in a batch of its own (beside the reward's, or with it in one database) first.
    batch: 2,
    setup: async () => {
      const player = await playerWith(30, "winnings");
      const json = { amount: 12, method: "visa", email: WINNER_EMAIL, ageConfirmed: true };
      return {
        path: "/api/redemptions/cash-out",
        json,
        headers: player.bearer,
        userIds: [player.userId],
        target: "visa",
      };
    },
  },
  {
    name: "POST /api/payments/verify",
    batch: 1,
    setup: async (stripe) => {
      const player = await signedInPlayer();
      const { sessionId } = await paidCheckout(stripe, player.bearer, { credits: 100 });
      return {
        path: "/api/payments/verify",
        json: { sessionId },
        headers: player.bearer,
        userIds: [player.userId],
        target: sessionId,
      };
    },
  },
  {
    name: "POST /api/contests/:id/join",
    batch: 1,
    setup: async () => {
      const player = await playerWith(40);
      const contestId = await insertContest();
      return {
        path: `/api/contests/${contestId}/join`,
        headers: player.bearer,
        userIds: [player.userId],
        target: contestId,
      };
    },
  },
];

/**
 * Rows each user and the target have, and balances: what a request wrote, as a difference of two footprints. A player's
 * rows are in their shard, a promo code's uses in the catalogue, and a question's picks and a contest's entrants are
 * counted in every shard.
 */
export const footprint = async ({ userIds, target }: MoneyRequest) => {
  const counts: Record<string, number> = {};
  for (const [i, userId] of userIds.entries()) {
    const row = await shardOf(userId)
      .prepare(
        `SELECT (SELECT count(*) FROM credit_transactions WHERE user_id = ?1) AS transactions,
         (SELECT COALESCE(SUM(balance), 0) FROM user_credits WHERE user_id = ?1) AS balance,
         (SELECT count(*) FROM user_picks WHERE user_id = ?1) AS picks,
         (SELECT count(*) FROM activity_feed WHERE user_id = ?1) AS activity,
         (SELECT count(*) FROM gift_card_redemptions WHERE user_id = ?1) AS redemptions,
         (SELECT count(*) FROM contest_entries WHERE user_id = ?1) AS entries,
         (SELECT count(*) FROM idempotent_responses WHERE user_id = ?1) AS answers`,
      )
      .bind(userId)
      .first<Record<string, number>>();
    const promos = await env.DB.prepare("SELECT count(*) AS promos FROM promo_redemptions WHERE user_id = ?")
      .bind(userId)
      .first<Record<string, number>>();
    for (const [name, value] of Object.entries({ ...row, ...promos })) counts[`${i}.${name}`] = value;
  }
  const promoCount = await env.DB.prepare(
    "SELECT COALESCE(SUM(redemption_count), 0) AS n FROM promo_codes WHERE code = ?",
  )
    .bind(target)
    .first<number>("n");
  return {
    ...counts,
    pickCount: await sumOverShards("SELECT COALESCE(SUM(pick_count), 0) FROM questions WHERE id = ?", target),
    promoCount: promoCount ?? 0,
    entrants: await sumOverShards("SELECT count(*) FROM contest_entries WHERE contest_id = ?", target),
  };
};

export const difference = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).map(([name, value]) => [name, value - (before[name] ?? 0)]));

/** An answer with its per-request values (ids, times, names) replaced by their type, to compare two players' answers. */
export const withoutIdentity = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutIdentity);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      name,
      /^(id|code|username)$|Id$|At$/.test(name) ? typeof inner : withoutIdentity(inner),
    ]),
  );
};
