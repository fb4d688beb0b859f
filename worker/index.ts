import { app } from "./app";
import { runScheduled } from "./cron/schedule";
import { dataContext } from "./db/data-context";
import { consumeSettlement } from "./features/settlement/settlement-queue";
import { consumeReferrals } from "./features/referrals/referral-queue";
import { consumePushes } from "./features/notifications/push-queue";
import { consumeEmailQueue } from "./features/auth/account-link-requests";
import { appPage, isAppRequest, isAssetRequest, serveAsset, serveMissing } from "./lib/static-assets";
import { isHomePage, serveHomePage } from "./features/home-page/home-page";
import { questionPageId, serveQuestionPage } from "./features/share/question-page";
import { readSettings } from "./env";
import { answerHealthCheck, isHealthCheck } from "./features/health/health";
import { consumeDeadLetters, isDeadLetterQueue } from "./features/dead-letters/dead-letters";
import { reportError } from "./lib/error-reports";

export { LiveHub } from "./realtime/live-hub";
export { LiveIpSockets } from "./realtime/ip-sockets";

// Settlement (one message per player database), referral bonuses across databases, push sends per database and
// emails (docs/decisions/0026-user-shards.md); each environment's queue names end the same way, and each queue's
// dead-letter queue ends in -failed.
const consumeQueue = (batch: MessageBatch, env: Env) => {
  const data = dataContext(env);
  if (isDeadLetterQueue(batch.queue)) return consumeDeadLetters(batch, data, env);
  if (batch.queue.endsWith("-referrals")) return consumeReferrals(batch, data, env);
  if (batch.queue.endsWith("-push")) return consumePushes(batch, data, env);
  if (batch.queue.endsWith("-email")) return consumeEmailQueue(batch, data, env);
  return consumeSettlement(batch, data, env);
};

/** The pages the worker draws itself (the API reports its own errors in on-error.ts). */
const servePage = async (request: Request, env: Env, ctx: ExecutionContext) => {
  try {
    return await drawPage(request, env, ctx);
  } catch (error) {
    ctx.waitUntil(
      reportError(env, error, { kind: "request", route: `/${new URL(request.url).pathname.split("/")[1] ?? ""}` }),
    );
    throw error;
  }
};

const drawPage = (request: Request, env: Env, ctx: ExecutionContext) => {
  const api = (inner: Request) => Promise.resolve(app.fetch(inner, env, ctx));
  if (isHomePage(request)) return serveHomePage(request, appPage(env.ASSETS), api);
  const questionId = questionPageId(request);
  if (questionId !== null)
    return serveQuestionPage(request, questionId, appPage(env.ASSETS), api, readSettings(env).APP_URL);
  // Anything else came here because the asset layer has no file for it (docs/decisions/0011-static-assets.md).
  return serveMissing(request, env.ASSETS);
};

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => {
    if (isHealthCheck(request)) return answerHealthCheck(request);
    if (isAppRequest(request)) return app.fetch(request, env, ctx);
    if (isAssetRequest(request)) return serveAsset(request, env.ASSETS);
    return servePage(request, env, ctx);
  },
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduled(controller.cron, env, controller.scheduledTime));
  },
  queue: async (batch, env) => {
    try {
      await consumeQueue(batch, env);
    } catch (error) {
      // The whole batch is retried; the report says which queue's consumer failed.
      await reportError(env, error, { kind: "queue", queue: batch.queue });
      throw error;
    }
  },
} satisfies ExportedHandler<Env>;
