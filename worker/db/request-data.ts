import type { MiddlewareHandler } from "hono";
import { BOOKMARK_HEADER } from "#shared/d1-bookmark";
import type { AppEnv } from "../env";
import { dataContext } from "./data-context";

const BOOKMARK_PATTERN = /^[\w-]{1,200}$/;

/**
 * Gives the request its data context. Every request runs in a D1 session (read replication): reads may go to a
 * replica near the player, and the bookmark the client sends back from its previous answer makes sure it always sees
 * its own earlier writes.
 */
export const requestData = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  // Local `wrangler dev` emulates sessions in a way that loses sight of rows written by `wrangler d1 execute`
  // (the seed and the browser tests' fixtures), and it has no replicas to gain from: it uses the database directly.
  if (c.get("settings").ENVIRONMENT === "development") {
    c.set("data", dataContext(c.env));
    return next();
  }
  const sent = c.req.header(BOOKMARK_HEADER);
  const session = c.env.DB.withSession(sent && BOOKMARK_PATTERN.test(sent) ? sent : "first-unconstrained");
  // Our code only prepares and batches statements, which a session supports like the database itself.
  c.set("data", dataContext(c.env, session as unknown as D1Database));
  await next();
  const bookmark = session.getBookmark();
  if (bookmark && c.res.status !== 101) c.res.headers.set(BOOKMARK_HEADER, bookmark);
};
