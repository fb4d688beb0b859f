import { randomBytes, randomUUID } from "node:crypto";
import { freePort } from "../../scripts/lib/processes";
import { DEPLOYED_ENTRY, startWorkerd, type WorkerdApp } from "../../scripts/lib/workerd";
import { startStandinServer } from "../../scripts/stripe-standin/server";
import type { ShardMapSource } from "#shared/shard-map";
import type { Metrics } from "./metrics";

const WEBHOOK_LINE = /^webhook (\S+) \S+ -> (\d+|no answer)$/;

/**
 * The worker as it ships, on workerd (scripts/lib/workerd.ts), with the Stripe stand-in in this process. The stand-in
 * delivers webhooks itself, so the soak counts their answers from its log: a webhook 5xx is a 5xx the players never
 * see. The players drive the API and reload the home page, which the worker serves with the feed's first page in the
 * app's index.html: the worker has its assets binding, but no assets router in front (production runs it on
 * Cloudflare's side, and the players never ask for a build file). `map` is the user shard map the state was
 * prepared under (soak/lib/prepare.ts).
 */
export const startSoakApp = async (
  stateDir: string,
  map: ShardMapSource,
  metrics: Metrics,
  workerLog: NodeJS.WritableStream,
): Promise<WorkerdApp> => {
  const secretKey = `sk_test_soak_${randomUUID()}`;
  const webhookSecret = `whsec_soak_${randomUUID()}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const stripe = await startStandinServer({
    port: 0,
    secretKey,
    webhookSecret,
    webhookUrl: `${url}/api/stripe/webhook`,
    log: (line) => {
      const match = line.match(WEBHOOK_LINE);
      if (match)
        metrics.record(
          `POST /api/stripe/webhook (${match[1]}, from the stand-in)`,
          match[2] === "no answer" ? 0 : Number(match[2]),
          null,
          line,
        );
    },
  });
  const app = await startWorkerd({
    config: "wrangler.toml",
    entry: DEPLOYED_ENTRY,
    stateDir,
    // The players' requests go to the worker's own socket; it keeps ASSETS for the home page it serves (GET /home).
    assets: "binding",
    workerLog,
    port,
    vars: {
      APP_URL: url,
      USER_SHARD_MAP: JSON.stringify(map),
      // A fresh clone has no .dev.vars; any valid secret will do.
      SESSION_SECRET: randomBytes(32).toString("hex"),
      STRIPE_API_HOST: stripe.host,
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: "http",
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
  }).catch(async (error: unknown) => {
    await stripe.close();
    throw error;
  });
  return { ...app, stop: () => Promise.all([app.stop(), stripe.close()]).then(() => undefined) };
};
