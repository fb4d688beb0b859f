import type { ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { freePort, startGroup, stopGroup, waitForHttp } from "../../bench/lib/processes";
import { startStandinServer } from "../../scripts/stripe-standin/server";
import type { Metrics } from "./metrics";

type SoakApp = { url: string; wrangler: ChildProcess; stop: () => Promise<void> };

const WEBHOOK_LINE = /^webhook (\S+) \S+ -> (\d+|no answer)$/;

/**
 * The built app on local workerd as `npm start` serves it (scripts/start.sh), with the Stripe stand-in in this
 * process. The stand-in delivers webhooks itself, so the soak counts their answers from its log: a webhook 5xx is
 * a 5xx the players never see.
 */
export const startSoakApp = async (stateDir: string, metrics: Metrics, wranglerLog: NodeJS.WritableStream): Promise<SoakApp> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const secretKey = `sk_test_soak_${randomUUID()}`;
  const webhookSecret = `whsec_soak_${randomUUID()}`;
  const stripe = await startStandinServer({
    port: 0,
    secretKey,
    webhookSecret,
    webhookUrl: `${url}/api/stripe/webhook`,
    log: (line) => {
      const match = line.match(WEBHOOK_LINE);
      if (match) metrics.record(`POST /api/stripe/webhook (${match[1]}, from the stand-in)`, match[2] === "no answer" ? 0 : Number(match[2]), null, line);
    },
  });
  const wrangler = startGroup(
    "node_modules/.bin/wrangler",
    [
      "dev", "--local", "--ip", "127.0.0.1", "--port", String(port), `--persist-to=${stateDir}`, "--test-scheduled",
      "--inspector-port", String(await freePort()), "--show-interactive-dev-session=false", "--log-level=warn",
      "--var", `APP_URL:${url}`,
      // A fresh clone has no .dev.vars; any valid secret will do.
      "--var", `SESSION_SECRET:${randomBytes(32).toString("hex")}`,
      "--var", `STRIPE_API_HOST:${stripe.host}`, "--var", `STRIPE_API_PORT:${stripe.port}`, "--var", "STRIPE_API_PROTOCOL:http",
      "--var", `STRIPE_SECRET_KEY:${secretKey}`, "--var", `STRIPE_WEBHOOK_SECRET:${webhookSecret}`,
    ],
    wranglerLog,
  );
  const stop = async () => {
    await stopGroup(wrangler);
    await stripe.close();
  };
  try {
    await waitForHttp(`${url}/api/health`, wrangler);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, wrangler, stop };
};
