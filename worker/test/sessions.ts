import { env } from "cloudflare:test";
import { signAccessToken } from "../features/session/access-token";
import { newId } from "../lib/ids";
import { createPlayerIn, updateAccount } from "./players";
import { playerDb } from "../db/shards";

/**
 * A player with a live session, without a sign-up's PBKDF2 hash: for tests that need many signed-in players.
 * `testEnv`: twoShardEnv() puts the player and their session in their own shard (`id` from userIdInShard chooses it).
 */
export const signedInPlayer = async (balance = 0, testEnv: Env = env, id = newId()) =>
  sessionFor(await createPlayerIn(testEnv, balance, id), testEnv);

/** A live session for an existing player, in their shard. */
export const sessionFor = async (userId: string, testEnv: Env = env) => {
  const sessionId = newId();
  const now = Date.now();
  await playerDb(testEnv, userId)
    .prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .bind(sessionId, userId, now, now + 60 * 60 * 1000)
    .run();
  const token = await signAccessToken(env.SESSION_SECRET, { userId, sessionId, role: "player" });
  return { userId, bearer: { Authorization: `Bearer ${token}` } };
};

export type SignedInPlayer = Awaited<ReturnType<typeof signedInPlayer>>;

/** An admin with a live session: the role is read from the users row on every request, never from the token. */
export const signedInAdmin = async (testEnv: Env = env) => {
  const admin = await signedInPlayer(0, testEnv);
  await updateAccount(admin.userId, "role = 'admin'", { env: testEnv });
  return admin;
};
