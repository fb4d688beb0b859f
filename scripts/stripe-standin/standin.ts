import { handleApi } from "./api";
import { handlePage, type Deliver } from "./pages";
import { createStore } from "./store";
import { deliverEvent } from "./webhooks";

export type StandinConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Where events go; null keeps them (tests deliver them themselves). */
  webhookUrl: string | null;
  /** This server's own address, for the checkout and portal URLs it hands out. */
  publicUrl: string;
  log?: (line: string) => void;
};

/** The whole stand-in as a fetch-style handler, so the Node server and the worker tests run the same code. */
export const createStandin = (config: StandinConfig) => {
  const store = createStore();
  const deliver: Deliver = async (events) => {
    if (!config.webhookUrl) return;
    for (const event of events)
      await deliverEvent(event, { url: config.webhookUrl, secret: config.webhookSecret, log: config.log });
  };
  const handle = (request: Request) =>
    new URL(request.url).pathname.startsWith("/v1/")
      ? handleApi(store, config, request)
      : handlePage(store, request, deliver);
  return { store, handle };
};

export type Standin = ReturnType<typeof createStandin>;
