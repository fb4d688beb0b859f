/**
 * Which shard hubs the relay sends public messages to. A hub that answered a broadcast with no socket is left out
 * until it announces a socket, or for `recheckMs` at most, so a quiet site does not wake every empty hub for every
 * pick (docs/live-updates.md, "Empty hubs").
 *
 * An answer of no socket may arrive after the hub has accepted one and announced it: it then says nothing about the
 * hub any more. Each send therefore remembers how many announcements it went out after, and an answer counts only if
 * none came since.
 */
export const createHubRoster = (shards: number, recheckMs: number) => {
  const skipUntil = new Map<number, number>();
  const announcements = Array.from({ length: shards }, () => 0);

  return {
    /** The hubs to send to now, each with the mark to hand back with its answer. */
    due(now: number) {
      return announcements.flatMap((announced, shard) =>
        (skipUntil.get(shard) ?? 0) > now ? [] : [{ shard, announced }],
      );
    },
    answered(shard: number, announcedAtSend: number, sockets: number, now: number) {
      if (sockets === 0 && announcements[shard] === announcedAtSend) skipUntil.set(shard, now + recheckMs);
      else skipUntil.delete(shard);
    },
    announced(shard: number) {
      if (!Number.isInteger(shard) || shard < 0 || shard >= shards) return;
      announcements[shard] = (announcements[shard] ?? 0) + 1;
      skipUntil.delete(shard);
    },
  };
};
