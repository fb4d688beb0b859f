import { parseArgs } from "node:util";
import { serveFetchHandler } from "../lib/fetch-server";
import { createErrorStandin } from "./standin";

/** Local error reports for development: `tsx scripts/error-standin/main.ts --port 12114`; the worker gets SENTRY_DSN. */
const { values } = parseArgs({ options: { port: { type: "string", default: "12114" } } });
const server = await serveFetchHandler(
  Number(values.port),
  () => createErrorStandin(),
  (line) => console.log(`[error-standin] ${line}`),
);
console.log(`[error-standin] listening on ${server.url}`);

const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
