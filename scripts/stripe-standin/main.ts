import { parseArgs } from "node:util";
import { startStandinServer } from "./server";

/**
 * Local Stripe for development: `tsx scripts/stripe-standin/main.ts --port 12111 --webhook-url <app>/api/stripe/webhook`.
 * The keys come from STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET and must match what the worker is given.
 */
const { values } = parseArgs({
  options: { port: { type: "string", default: "12111" }, "webhook-url": { type: "string" } },
});
const secretKey = process.env.STRIPE_SECRET_KEY;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!secretKey || !webhookSecret || !values["webhook-url"]) {
  console.error("Usage: STRIPE_SECRET_KEY=... STRIPE_WEBHOOK_SECRET=... main.ts --webhook-url <url> [--port 12111]");
  process.exit(2);
}

const server = await startStandinServer({
  port: Number(values.port),
  secretKey,
  webhookSecret,
  webhookUrl: values["webhook-url"],
  log: (line) => console.log(`[stripe-standin] ${line}`),
});
console.log(`[stripe-standin] listening on ${server.url}, webhooks to ${values["webhook-url"]}`);

const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
