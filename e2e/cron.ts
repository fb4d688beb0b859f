/** The every-minute cron (settlement sweep, contests, merged standings), as wrangler's test route runs it. */
export const runEveryMinuteCron = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/__scheduled?cron=*+*+*+*+*`);
  if (!response.ok) throw new Error(`the every-minute cron answered ${response.status}`);
};

/**
 * Runs the every-minute cron until the all-time standings list the player: with players over several shards the
 * standings merge each shard's totals once a minute, and a settled pick reaches its shard's totals through the queue.
 */
export const untilStandingsList = async (baseUrl: string, username: string) => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await runEveryMinuteCron(baseUrl);
    const board = (await (await fetch(`${baseUrl}/api/leaderboard?period=all`)).json()) as { items: { username: string }[] };
    if (board.items.some((item) => item.username === username)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the standings did not list ${username} within 30 s`);
};
