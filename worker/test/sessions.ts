import { env } from "cloudflare:test";
import { signAccessToken } from "../features/auth/access-token";
import { newId } from "../lib/ids";
import { createPlayer } from "./players";

/** A player with a live session, without a sign-up's PBKDF2 hash: for tests that need many signed-in players. */
export const signedInPlayer = async (balance = 0) => {
  const userId = await createPlayer(balance);
  const sessionId = newId();
  const now = Date.now();
  await env.DB.prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .bind(sessionId, userId, now, now + 60 * 60 * 1000)
    .run();
  const token = await signAccessToken(env.SESSION_SECRET, { userId, sessionId, role: "player" });
  return { userId, bearer: { Authorization: `Bearer ${token}` } };
};

export type SignedInPlayer = Awaited<ReturnType<typeof signedInPlayer>>;

/** An admin with a live session: the role is read from the users row on every request, never from the token. */
export const signedInAdmin = async () => {
  const admin = await signedInPlayer();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.userId).run();
  return admin;
};
