import { app } from "./app";
import { runScheduled } from "./cron/schedule";
import { consumeSettlement } from "./features/settlement/settlement-queue";
import { consumeReferrals } from "./features/referrals/referral-queue";
import { isAssetRequest, serveAsset } from "./lib/static-assets";

export { LiveHub } from "./realtime/live-hub";

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) =>
    isAssetRequest(request) ? serveAsset(request, env.ASSETS) : app.fetch(request, env, ctx),
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduled(controller.cron, env, controller.scheduledTime));
  },
  // Settlement (one message per user shard) and referral bonuses across shards (docs/decisions/user-shards.md); each
  // environment's queue names end the same way.
  queue: (batch, env) => (batch.queue.endsWith("-referrals") ? consumeReferrals(batch, env) : consumeSettlement(batch, env)),
} satisfies ExportedHandler<Env>;
