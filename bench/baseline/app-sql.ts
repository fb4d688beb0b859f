/**
 * The baselines of the app's two hot paths, run beside the app in the same workerd on the app's own database file
 * (startWorkerd's `companion`): each runs exactly the SQL the app's route sends, with no framework, no middleware,
 * no token check and no validation, and answers the rows as JSON. The app's figure over this one is then what the
 * app's code adds to its SQL.
 *
 *   GET  /feed?session=<id>&user=<id>     the signed-in feed's batch: session check and first page of the default feed
 *   POST /pick?user=<id>&question=<id>    the batch submitPick builds for that player and question
 */

import { feedStatements, pickStatements, type CapturedStatement } from "../replay/captured-sql";

type AppSqlEnv = { DB: D1Database };

const run = (db: D1Database, statements: CapturedStatement[]) =>
  db.batch(statements.map(({ sql, args }) => db.prepare(sql).bind(...args)));

const rowsOf = (results: D1Result[]) => Response.json(results.map((result) => result.results));

const handler = {
  async fetch(request: Request, env: AppSqlEnv): Promise<Response> {
    const { pathname, searchParams } = new URL(request.url);
    const user = searchParams.get("user") ?? "";
    if (pathname === "/feed") {
      return rowsOf(
        await run(env.DB, feedStatements({ sessionId: searchParams.get("session") ?? "", userId: user }, Date.now())),
      );
    }
    if (pathname === "/pick" && request.method === "POST") {
      return rowsOf(await run(env.DB, await pickStatements(user, searchParams.get("question") ?? "", Date.now())));
    }
    return new Response("not found", { status: 404 });
  },
};

// eslint-disable-next-line no-restricted-syntax -- workerd loads a module worker through its default export.
export default handler;
