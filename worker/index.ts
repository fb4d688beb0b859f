import { app } from "./app";
import { runScheduled } from "./cron/schedule";

export { LiveHub } from "./realtime/live-hub";

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduled(controller.cron, env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
