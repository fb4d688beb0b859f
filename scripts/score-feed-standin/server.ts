import { serveFetchHandler, type FetchServer } from "../lib/fetch-server";
import { createScoreFeedStandin, type ScoreFeedStandin, type ScoreFeedStandinConfig } from "./standin";

export type ScoreFeedServer = FetchServer<ScoreFeedStandin>;

/** The score feed stand-in on a local port (0 picks a free one). */
export const startScoreFeedServer = (
  options: ScoreFeedStandinConfig & { port: number; log?: (line: string) => void },
): Promise<ScoreFeedServer> => serveFetchHandler(options.port, () => createScoreFeedStandin(options), options.log);
