import { requestId } from "hono/request-id";
import { createDb } from "./db/client";
import { readSettings } from "./env";
import { createRouter } from "./lib/router";
import { notFound, onError } from "./lib/on-error";
import { jsonBodyLimit, requestGuard } from "./lib/request-guard";
import { securityHeaders } from "./lib/security-headers";
import { contactRoutes } from "./features/contact/contact.routes";
import { healthRoutes } from "./features/health/health.routes";

const api = createRouter()
  .route("/", healthRoutes)
  .route("/", contactRoutes);

api.doc31("/openapi.json", {
  openapi: "3.1.0",
  info: { title: "Pickstreak API", version: "1.0.0" },
});

export const app = createRouter()
  .use("*", requestId())
  .use("*", securityHeaders())
  .use("/api/*", async (c, next) => {
    c.set("settings", readSettings(c.env));
    c.set("db", createDb(c.env.DB));
    c.set("user", null);
    await next();
  })
  .use("/api/*", requestGuard())
  .use("/api/*", jsonBodyLimit())
  .route("/api", api);

app.onError(onError);
app.notFound(notFound);

export type AppType = typeof app;
