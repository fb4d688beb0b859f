import type { LiveMessage } from "#shared/live-messages";
import { LIVE_EMPTY_HUB_RECHECK_MS, LIVE_FAN_OUT_LIMIT, LIVE_SHARDS } from "../config";
import { createHubRoster } from "./hub-roster";
import { hubFor, type LiveEnv } from "./live-hubs";
import { createBatchedSender } from "./batched-sender";

/**
 * The relay's part: public messages from every hub and the worker, on to every hub holding a socket. It lives in the
 * one object of the hub class named "live-relay" (relayHub), which holds no sockets, so it needs no class or binding
 * of its own.
 */
export const createRelay = (env: LiveEnv) => {
  /** Which hubs hold sockets, as far as their answers and announcements tell. */
  const roster = createHubRoster(LIVE_SHARDS, LIVE_EMPTY_HUB_RECHECK_MS);
  const toHubs = createBatchedSender<LiveMessage>({
    limit: LIVE_FAN_OUT_LIMIT,
    what: "shards",
    send: (messages) =>
      Promise.all(
        roster.due(Date.now()).map(async ({ shard, announced }) => {
          const sockets = await hubFor(env, shard).broadcast(messages);
          roster.answered(shard, announced, sockets, Date.now());
        }),
      ),
  });
  return {
    roster,
    /** Whatever arrives during the last send goes on in one call to each hub. */
    relay: (messages: LiveMessage[]) => toHubs.add(messages),
    /** A hub has just accepted its first socket. */
    listening: (shard: number) => roster.announced(shard),
  };
};

export type Relay = ReturnType<typeof createRelay>;
