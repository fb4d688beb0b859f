import type { LiveMessage } from "#shared/live-messages";
import { LIVE_SHARDS } from "../config";
import { log } from "../lib/log";

/** Messages for every socket of one user. */
export type Delivery = { userId: string; messages: LiveMessage[] };

/** FNV-1a: stable, fast and evenly spread for ids; not a security boundary. */
const hash = (value: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/** Publishing needs the hubs' binding only. */
export type LiveEnv = Pick<Env, "LIVE">;

/** The hub (its shard number) holding every socket of a user. */
export const hubOfUser = (userId: string) => hash(userId) % LIVE_SHARDS;

/** A visitor's sockets go to the hub of their IP, so one hub sees them all and can cap them. */
export const hubOfSocket = (userId: string | null, ip: string) =>
  userId ? hubOfUser(userId) : hash(`ip:${ip}`) % LIVE_SHARDS;

export const hubFor = (env: LiveEnv, shard: number) => env.LIVE.get(env.LIVE.idFromName(`live-shard-${shard}`));

/** The object public messages pass through on their way to every shard (docs/decisions/0003-live-updates-sharding.md). */
export const relayHub = (env: LiveEnv) => env.LIVE.get(env.LIVE.idFromName("live-relay"));

const quietly = async (what: string, work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    log("warn", "live_publish_failed", { what, error: String(error) });
  }
};

/** Publishing never fails or delays the write that caused it: callers hand the promise to waitUntil. */
export const publishToUser = (env: LiveEnv, userId: string, messages: LiveMessage[]) =>
  quietly("user", hubFor(env, hubOfUser(userId)).deliver([{ userId, messages }]));

const byShard = <T>(items: T[], userIdOf: (item: T) => string) => {
  const shards = new Map<number, T[]>();
  for (const item of items) {
    const shard = hubOfUser(userIdOf(item));
    const group = shards.get(shard);
    if (group) group.push(item);
    else shards.set(shard, [item]);
  }
  return [...shards];
};

/** A user's own messages and the public ones their action caused, in one call to the user's shard. */
export const publishFromUser = (env: LiveEnv, delivery: Delivery, publicMessages: LiveMessage[]) =>
  quietly("user", hubFor(env, hubOfUser(delivery.userId)).publish([delivery], publicMessages));

/** Many users' messages with one call per shard they live in. */
export const publishToUsers = (env: LiveEnv, deliveries: Delivery[]) =>
  quietly(
    "users",
    Promise.all(
      byShard(deliveries, (delivery) => delivery.userId).map(([shard, group]) => hubFor(env, shard).deliver(group)),
    ),
  );

/** The users among these with an open socket, one call per shard; nobody when the hubs cannot be asked. */
export const onlineUsers = async (env: LiveEnv, userIds: string[]): Promise<string[]> => {
  try {
    const answers = await Promise.all(
      byShard(userIds, (userId) => userId).map(([shard, group]) => hubFor(env, shard).online(group)),
    );
    return answers.flat();
  } catch (error) {
    log("warn", "live_online_failed", { error: String(error) });
    return [];
  }
};

/** A public message, one call: the relay sends it on to every shard holding a socket. */
export const broadcast = (env: LiveEnv, message: LiveMessage) => quietly("broadcast", relayHub(env).relay([message]));

/** Tells the relay a hub holds a socket again, before the socket is handed to its client (hub-roster.ts). */
export const announceListening = (env: LiveEnv, shard: number) => quietly("listening", relayHub(env).listening(shard));

/**
 * Closes the user's open sockets (of one session when `sessionId` is given) once their sessions have ended, so no
 * socket opened before keeps receiving their balance. Awaited by the caller, but a failure only logs: the sessions
 * are already revoked, and signing out must not fail because a hub is unreachable.
 */
export const closeUserSockets = async (
  env: LiveEnv,
  userId: string,
  sessionId: string | null = null,
): Promise<void> => {
  try {
    await hubFor(env, hubOfUser(userId)).signOut(userId, sessionId);
  } catch (error) {
    log("warn", "live_sign_out_failed", { error: String(error) });
  }
};
