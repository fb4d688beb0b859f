import { SPORTS } from "#shared/sports";
import { count, pickOne, randomInt, weighted, type SoakContext } from "./context";
import type { Credits, FeedPage, LeaderboardPage, Me, Player } from "./player-state";

const SORTS = ["popularity", "newest", "ending-soon", "lowest-cost", "highest-cost"] as const;
const PERIODS = ["3", "7", "all"] as const;
/** A pick needs a little time to arrive before the deadline; a card closer than this is left alone. */
const CLOSING_MARGIN_MS = 3_000;

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The feed with the filters a player clicks through: sorts, sport tabs, free picks, props, a day, bookmarks. */
const feedQuery = () => {
  const sort = pickOne(SORTS) ?? "popularity";
  const filter = weighted<string>([
    ["", 5],
    [`&category=${encodeURIComponent(pickOne(SPORTS) ?? "NFL")}`, 3],
    ["&free=1", 1],
    ["&props=1", 1],
    [`&date=${isoDay(randomInt(0, 6))}`, 1],
    ["&bookmarked=1", 1],
    ["&q=win", 1],
  ]);
  return `sort=${sort}${filter}`;
};

export const browse = async (ctx: SoakContext, player: Player, query = feedQuery()) => {
  const page = await player.api<FeedPage>("GET /api/questions", "GET", `/api/questions?${query}`);
  if (!page.data) return;
  player.feed = page.data.items;
  for (const item of page.data.items) {
    if (item.bookmarked) player.bookmarks.add(item.id);
    else player.bookmarks.delete(item.id);
  }
  if (Math.random() < 0.2) await player.api("GET /api/categories", "GET", "/api/categories");
  if (page.data.nextCursor && Math.random() < 0.3) {
    const next = await player.api<FeedPage>(
      "GET /api/questions (next page)",
      "GET",
      `/api/questions?${query}&cursor=${encodeURIComponent(page.data.nextCursor)}`,
    );
    if (next.data && next.data.items.length > 0) player.feed = next.data.items;
  }
  count(ctx.activity, "feed pages");
};

export const viewQuestion = async (_ctx: SoakContext, player: Player) => {
  const item = pickOne(player.feed);
  // A question can close, be resolved or be deleted between the feed and the click.
  if (item) await player.api("GET /api/questions/:id", "GET", `/api/questions/${item.id}`, { expected: [404] });
};

export const pick = async (ctx: SoakContext, player: Player) => {
  const now = Date.now();
  const open = player.feed.filter(
    (q) => !q.myPick && q.deadline > now + CLOSING_MARGIN_MS && q.creditCost <= player.credits.balance,
  );
  const question = pickOne(open);
  if (!question) return browse(ctx, player, "sort=ending-soon");
  const multiplier =
    question.creditCost === 0 ? 1 : Math.min(randomInt(1, 3), Math.floor(player.credits.balance / question.creditCost));
  const reply = await player.api<{ pick: { id: string }; credits: Credits }>("POST /api/picks", "POST", "/api/picks", {
    body: { questionId: question.id, choice: Math.random() < 0.5 ? "yes" : "no", multiplier },
    // Not enough credits (the balance moved), already picked, closed meanwhile, deleted meanwhile.
    expected: [402, 409, 422, 404],
  });
  if (reply.data) {
    question.myPick = reply.data.pick;
    player.credits = reply.data.credits;
    count(ctx.activity, "picks placed");
  } else if (reply.status === 409) {
    question.myPick = { id: "" };
  }
};

export const toggleBookmark = async (ctx: SoakContext, player: Player) => {
  const item = pickOne(player.feed);
  if (!item) return browse(ctx, player);
  const on = !player.bookmarks.has(item.id);
  const reply = await player.api(
    on ? "PUT /api/bookmarks/:id" : "DELETE /api/bookmarks/:id",
    on ? "PUT" : "DELETE",
    `/api/bookmarks/${item.id}`,
    {
      expected: [404],
    },
  );
  if (reply.status !== 200) return;
  if (on) player.bookmarks.add(item.id);
  else player.bookmarks.delete(item.id);
  item.bookmarked = on;
  count(ctx.activity, on ? "bookmarks added" : "bookmarks removed");
};

/** The account pages: profile and balance, history, picks, stats and streak. */
export const account = async (_ctx: SoakContext, player: Player) => {
  const me = await player.api<Me>("GET /api/me", "GET", "/api/me");
  if (me.data) player.credits = me.data.credits;
  const page = weighted<[string, string]>([
    [["GET /api/picks", "/api/picks"], 3],
    [["GET /api/credits/transactions", "/api/credits/transactions"], 2],
    [["GET /api/picks/stats", "/api/picks/stats"], 1],
    [["GET /api/streak", "/api/streak"], 1],
    [["GET /api/credits", "/api/credits"], 1],
    [["GET /api/redemptions", "/api/redemptions"], 1],
    [["GET /api/subscriptions", "/api/subscriptions"], 1],
  ]);
  await player.api(page[0], "GET", page[1]);
};

export const community = async (_ctx: SoakContext, player: Player) => {
  const board = await player.api<LeaderboardPage>(
    "GET /api/leaderboard",
    "GET",
    `/api/leaderboard?period=${pickOne(PERIODS) ?? "all"}`,
  );
  if (board.data) player.others = board.data.items.map((entry) => entry.userId).slice(0, 20);
  const other = pickOne(player.others);
  if (other && Math.random() < 0.5) {
    await player.api(
      "GET /api/users/:id/stats",
      "GET",
      `/api/users/${other}/stats?period=${pickOne(PERIODS) ?? "all"}`,
    );
  }
  if (Math.random() < 0.4) await player.api("GET /api/activity", "GET", "/api/activity");
  if (Math.random() < 0.2) await player.api("GET /api/contests", "GET", "/api/contests");
};

/** A reload: the app's HTML, which the worker serves with the feed's first page in it (worker/features/home-page). */
export const reload = async (ctx: SoakContext) => {
  await ctx.http("GET /home (SPA shell)", "GET", `${ctx.baseUrl}/home`);
};
