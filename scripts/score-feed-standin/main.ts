import { parseArgs } from "node:util";
import { startScoreFeedServer } from "./server";

/**
 * Local score feed for development: `tsx scripts/score-feed-standin/main.ts --port 12112`. Give the worker its URL
 * (SCORE_FEED_URL) and, when SCORE_FEED_KEY is set here, the same key.
 */
const { values } = parseArgs({ options: { port: { type: "string", default: "12112" } } });

const server = await startScoreFeedServer({
  port: Number(values.port),
  key: process.env.SCORE_FEED_KEY,
  log: (line) => console.log(`[score-feed-standin] ${line}`),
});
console.log(
  `[score-feed-standin] listening on ${server.url}; move events with POST ${server.url}/control/events/<id>/final {"home":3,"away":1}`,
);

const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
