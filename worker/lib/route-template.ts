import type { Context } from "hono";

/** The route pattern that answered (`/api/questions/:id`), never the raw path, so ids and tokens stay out of reports. */
export const routeTemplate = (c: Context) =>
  c.req.matchedRoutes.filter((route) => route.method !== "ALL").at(-1)?.path ?? c.req.routePath;
