import { app } from "./app";
import { devCron } from "./dev-cron";
import { devRoutes } from "./features/dev/dev.routes";
import { isLoopbackHost, wrongHostResponse } from "./features/dev/loopback-host";
import { outboxPage } from "./features/dev/outbox-page";
import worker from "./index";
import { notFound, onError } from "./lib/on-error";
import { createRouter } from "./lib/router";

export { LiveHub, LiveIpSockets } from "./index";

/**
 * The local development entry (wrangler.toml's top-level `main`: `npm start`, the browser tests): the deployed worker
 * plus the development-only routes under /api/dev/, which no staging or production bundle contains
 * (scripts/deploy-check.sh looks for them). Copying `app` keeps its middleware in front of those routes.
 */
const withDevRoutes = createRouter()
  .route("/", app)
  .route("/api/dev", devRoutes)
  .route("/api/dev", outboxPage)
  .route("/api/dev", devCron);
withDevRoutes.onError(onError);
withDevRoutes.notFound(notFound);

const DEV_PATHS = "/api/dev/";

export default {
  // Everything but /api/dev/ goes through the deployed entry itself. The Host check covers every request that reaches
  // the worker (run_worker_first); other static files are served before it and hold nothing private, and wrangler dev
  // answers /__scheduled (--test-scheduled) before it too.
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => {
    const url = new URL(request.url);
    if (!isLoopbackHost(url)) return wrongHostResponse();
    return url.pathname.startsWith(DEV_PATHS)
      ? withDevRoutes.fetch(request, env, ctx)
      : worker.fetch(request, env, ctx);
  },
  scheduled: worker.scheduled,
  queue: worker.queue,
} satisfies ExportedHandler<Env>;
