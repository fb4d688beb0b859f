import type { LiveMessage } from "../../shared/live-messages";
import { LIVE_SHARDS } from "../config";
import { log } from "../lib/log";
import type { Delivery } from "./live-hub";

/** FNV-1a: stable, fast and evenly spread for ids; not a security boundary. */
const hash = (value: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

export const shardFor = (userId: string | null) =>
  userId ? hash(userId) % LIVE_SHARDS : Math.floor(Math.random() * LIVE_SHARDS);

export const hubFor = (env: Env, shard: number) => env.LIVE.get(env.LIVE.idFromName(`live-shard-${shard}`));

const quietly = async (what: string, work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    log("warn", "live_publish_failed", { what, error: String(error) });
  }
};

/** Publishing never fails or delays the write that caused it: callers hand the promise to waitUntil. */
export const publishToUser = (env: Env, userId: string, messages: LiveMessage[]) =>
  quietly("user", hubFor(env, shardFor(userId)).deliver([{ userId, messages }]));

/** Many users' messages with one call per shard they live in. */
export const publishToUsers = (env: Env, deliveries: Delivery[]) => {
  const byShard = new Map<number, Delivery[]>();
  for (const delivery of deliveries) {
    const shard = shardFor(delivery.userId);
    byShard.set(shard, [...(byShard.get(shard) ?? []), delivery]);
  }
  return quietly("users", Promise.all([...byShard].map(([shard, group]) => hubFor(env, shard).deliver(group))));
};

export const broadcast = (env: Env, message: LiveMessage) =>
  quietly("broadcast", Promise.all(Array.from({ length: LIVE_SHARDS }, (_, shard) => hubFor(env, shard).broadcast(message))));
