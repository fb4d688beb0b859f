import { parseArgs } from "node:util";
import { serveFetchHandler } from "../lib/fetch-server";
import { createPushStandin } from "./standin";

/** Local push service for development: `tsx scripts/push-standin/main.ts --port 12112`; the worker gets PUSH_STANDIN_URL. */
const { values } = parseArgs({ options: { port: { type: "string", default: "12112" } } });
const server = await serveFetchHandler(
  Number(values.port),
  () => createPushStandin(),
  (line) => console.log(`[push-standin] ${line}`),
);
console.log(`[push-standin] listening on ${server.url}`);

const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
