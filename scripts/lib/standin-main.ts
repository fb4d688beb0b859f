import { parseArgs } from "node:util";
import { serveFetchHandler, type FetchHandler } from "./fetch-server";

/**
 * A stand-in written as a fetch handler, served from the command line (`--port`, `defaultPort` without it) until
 * SIGINT or SIGTERM; `name` prefixes its log lines.
 */
export const runStandin = async (name: string, defaultPort: number, makeStandin: () => { handle: FetchHandler }) => {
  const { values } = parseArgs({ options: { port: { type: "string", default: String(defaultPort) } } });
  const server = await serveFetchHandler(Number(values.port), makeStandin, (line) => console.log(`[${name}] ${line}`));
  console.log(`[${name}] listening on ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
};
