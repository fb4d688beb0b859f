/**
 * The bench's baselines: `/hello` is the least a worker can do, `/d1` the least a D1 read can cost (one row by
 * primary key from a small table). No framework, no middleware, no validation.
 */

// Only what this worker calls, so it typechecks without the Workers types.
type Statement = { bind: (...values: unknown[]) => { first: () => Promise<Record<string, unknown> | null> } };
type BaselineEnv = { DB: { prepare: (sql: string) => Statement } };

const ITEMS = 100;

const handler = {
  async fetch(request: Request, env: BaselineEnv): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/hello") return new Response("hello");
    if (pathname === "/d1") {
      const id = 1 + Math.floor(Math.random() * ITEMS);
      const row = await env.DB.prepare("SELECT id, name FROM items WHERE id = ?").bind(id).first();
      return Response.json(row);
    }
    return new Response("not found", { status: 404 });
  },
};

// eslint-disable-next-line no-restricted-syntax -- workerd loads a module worker through its default export.
export default handler;
