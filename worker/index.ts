import { app } from "./app";
import { runScheduled } from "./cron/schedule";
import { consumeSettlement } from "./features/settlement/settlement-queue";
import { consumeReferrals } from "./features/referrals/referral-queue";
import { consumePushes } from "./features/notifications/push-queue";
import { consumeEmailQueue } from "./features/auth/account-link-requests";
import { appPage, isAppRequest, isAssetRequest, serveAsset, serveMissing } from "./lib/static-assets";
import { isHomePage, serveHomePage } from "./features/home-page/home-page";
import { answerHealthCheck, isHealthCheck } from "./features/health/health";

export { LiveHub } from "./realtime/live-hub";
export { LiveIpSockets } from "./realtime/ip-sockets";

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => {
    if (isHealthCheck(request)) return answerHealthCheck(request);
    if (isAppRequest(request)) return app.fetch(request, env, ctx);
    if (isAssetRequest(request)) return serveAsset(request, env.ASSETS);
    if (isHomePage(request)) return serveHomePage(request, appPage(env.ASSETS), (inner) => Promise.resolve(app.fetch(inner, env, ctx)));
    // Anything else came here because the asset layer has no file for it (docs/decisions/static-assets.md).
    return serveMissing(request, env.ASSETS);
  },
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduled(controller.cron, env, controller.scheduledTime));
  },
  // Settlement (one message per user shard), referral bonuses across shards, push sends per shard and emails
  // (docs/decisions/user-shards.md); each environment's queue names end the same way.
  queue: (batch, env) => {
    if (batch.queue.endsWith("-referrals")) return consumeReferrals(batch, env);
    if (batch.queue.endsWith("-push")) return consumePushes(batch, env);
    if (batch.queue.endsWith("-email")) return consumeEmailQueue(batch, env);
    return consumeSettlement(batch, env);
  },
} satisfies ExportedHandler<Env>;
