import { BUDGETS } from "../config";
import { authHeaders, getJson } from "../lib/api";
import { measureLoad, SERIAL } from "../lib/load";
import { verdict, type BenchContext, type ScenarioResult } from "../lib/results";

type FeedPage = { items: { deadline: number }[]; nextCursor: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every sort and filter the feed offers (questions.schemas.ts), each alone, plus the second page of the default. */
const variants = async (baseUrl: string) => {
  const firstPage = await getJson<FeedPage>(`${baseUrl}/api/questions`);
  const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
  const queries: Record<string, string> = {
    "sort=popularity (default)": "sort=popularity",
    "sort=newest": "sort=newest",
    "sort=ending-soon": "sort=ending-soon",
    "sort=lowest-cost": "sort=lowest-cost",
    "sort=highest-cost": "sort=highest-cost",
    "category=NBA": "category=NBA",
    "free=1": "free=1",
    "props=1": "props=1",
    "bookmarked=1": "bookmarked=1",
    [`date=${tomorrow}`]: `date=${tomorrow}&tz=0`,
    "q=team 12": "q=team%2012",
    "page 2 (cursor)": `cursor=${firstPage.nextCursor ?? ""}`,
  };
  return Object.entries(queries).map(([name, query]) => ({ name, url: `${baseUrl}/api/questions?${query}` }));
};

export const feedVariants = async (ctx: BenchContext): Promise<ScenarioResult[]> => {
  const results: ScenarioResult[] = [];
  for (const variant of await variants(ctx.app.url)) {
    ctx.log(`feed ${variant.name}`);
    const session = await ctx.player();
    const page = await getJson<FeedPage>(variant.url, session);
    const serial = await measureLoad({ url: variant.url, headers: authHeaders(session) }, SERIAL);
    results.push({
      id: `feed-variant:${variant.name}`,
      title: `GET /api/questions?${variant.name}, signed in, 1 connection`,
      figures: {
        p50Ms: serial.p50Ms,
        p99Ms: serial.p99Ms,
        rps: serial.rps,
        cards: page.items.length,
        failed: serial.failed,
      },
      budget: `p50 <= ${BUDGETS.feedVariantP50Ms} ms`,
      verdict: verdict(serial.p50Ms <= BUDGETS.feedVariantP50Ms && serial.failed === 0),
      runs: serial.runs,
    });
  }
  return results;
};
