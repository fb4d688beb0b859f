import { serveFetchHandler, type FetchServer } from "../lib/fetch-server";
import { createStandin, type Standin, type StandinConfig } from "./standin";

export type StandinOptions = Omit<StandinConfig, "publicUrl"> & { port: number };
export type StandinServer = FetchServer<Standin>;

/** The stand-in on a local port (0 picks a free one); its pages are served at the address it reports. */
export const startStandinServer = (options: StandinOptions): Promise<StandinServer> =>
  serveFetchHandler(options.port, (url) => createStandin({ ...options, publicUrl: url }), options.log);
