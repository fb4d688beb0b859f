import { app } from "./app";
import { runScheduled } from "./cron/schedule";
import { consumeSettlement } from "./features/settlement/settlement-queue";
import { isAssetRequest, serveAsset } from "./lib/static-assets";

export { LiveHub } from "./realtime/live-hub";

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) =>
    isAssetRequest(request) ? serveAsset(request, env.ASSETS) : app.fetch(request, env, ctx),
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduled(controller.cron, env, controller.scheduledTime));
  },
  // One queue today: settlement, one message per user shard (docs/decisions/user-shards.md).
  queue: (batch, env) => consumeSettlement(batch, env),
} satisfies ExportedHandler<Env>;
