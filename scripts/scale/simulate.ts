import { existsSync, readFileSync } from "node:fs";
import { limitsFrom, type Limits } from "./limits";
import {
  dayOfTraffic,
  PER_PLAYER_PER_MINUTE,
  PICKS_PER_SETTLEMENT_BATCH,
  PLAYERS,
  SETTLEMENT_WINDOW_MINUTES,
} from "./traffic";

type Load = {
  hour: number;
  players: number;
  readsPerSecond: number;
  writesPerSecond: number;
  settlementWritesPerSecond: number;
  liveMessagesPerSecond: number;
  sockets: number;
};

const loadAt = (hour: number, players: number): Load => {
  const perSecond = (perMinute: number) => (players * perMinute) / 60;
  const picksPerSecond = perSecond(PER_PLAYER_PER_MINUTE.picks);
  // Picks made over the last hour settle inside a short window after games end.
  const picksToSettle = picksPerSecond * 3600;
  return {
    hour,
    players,
    readsPerSecond: perSecond(PER_PLAYER_PER_MINUTE.feedReads + PER_PLAYER_PER_MINUTE.otherReads),
    writesPerSecond: picksPerSecond + perSecond(PER_PLAYER_PER_MINUTE.otherWrites),
    settlementWritesPerSecond: picksToSettle / PICKS_PER_SETTLEMENT_BATCH / (SETTLEMENT_WINDOW_MINUTES * 60),
    // Each pick tells its player (3 events) and broadcasts one activity event to every shard's sockets.
    liveMessagesPerSecond: picksPerSecond * 3,
    sockets: players,
  };
};

const shardsNeeded = (need: number, perShard: number) => Math.max(1, Math.ceil(need / perShard));

const report = (limits: Limits) => {
  const day = dayOfTraffic().map(({ hour, activePlayers }) => loadAt(hour, activePlayers));
  const peak = day.reduce((max, load) => (load.players > max.players ? load : max));
  const userDbWrites = peak.writesPerSecond + peak.settlementWritesPerSecond;
  const lines = [
    `# Scale simulation: ${PLAYERS.toLocaleString()} players, one day`,
    "",
    "| UTC hour | concurrent players | reads/s | writes/s (picks etc.) | settlement batches/s | single D1 writer load |",
    "|---:|---:|---:|---:|---:|---:|",
    ...day.map(
      (l) =>
        `| ${l.hour} | ${l.players.toLocaleString()} | ${Math.round(l.readsPerSecond).toLocaleString()} | ${Math.round(l.writesPerSecond).toLocaleString()} | ${Math.round(l.settlementWritesPerSecond)} | ${Math.round(((l.writesPerSecond + l.settlementWritesPerSecond) / limits.d1WritesPerSecond) * 100)}% |`,
    ),
    "",
    "## Where each part saturates at the peak hour",
    `- One D1 database takes ${limits.d1WritesPerSecond} write batches/s; the peak needs ${Math.round(userDbWrites).toLocaleString()}/s, so user data needs **${shardsNeeded(userDbWrites, limits.d1WritesPerSecond * 0.5)} user shards** with 2x headroom (docs/decisions/0026-user-shards.md). The catalogue then takes only admins' writes and the minute crons' merges.`,
    `- Reads: ${Math.round(peak.readsPerSecond).toLocaleString()}/s. The feed is cacheable for visitors and read replicas serve the rest; one database with replicas answering ${limits.d1ReadsPerSecond}/s each needs **${shardsNeeded(peak.readsPerSecond, limits.d1ReadsPerSecond)} replica-equivalents**, or far fewer with the edge cache on public feed pages.`,
    `- Live sockets: ${peak.sockets.toLocaleString()} concurrent need **${shardsNeeded(peak.sockets, limits.socketsPerHub)} hub shards** (${limits.socketsPerHub.toLocaleString()} sockets each); user events at ${Math.round(peak.liveMessagesPerSecond).toLocaleString()}/s spread over them.`,
    `- Worker CPU: ${Math.round((peak.readsPerSecond + peak.writesPerSecond) * limits.cpuMsPerRequest).toLocaleString()} CPU-ms/s, spread over Cloudflare's fleet; not a bottleneck.`,
  ];
  return lines.join("\n");
};

const results = existsSync("bench/results.json")
  ? (JSON.parse(readFileSync("bench/results.json", "utf8")) as object)
  : null;
const { limits, measured } = limitsFrom(results);
console.log(report(limits));
console.log(
  `\nMeasured on this machine (bench/results.json): ${measured.length ? measured.join("; ") : "nothing yet, run npm run bench"}. Every other figure is a default in scripts/scale/limits.ts.`,
);
