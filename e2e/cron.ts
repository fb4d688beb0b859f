import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The every-minute cron (settlement sweep, contests, merged standings), through the development entry's route. */
export const runEveryMinuteCron = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/api/dev/cron?cron=*+*+*+*+*`, { method: "POST" });
  if (!response.ok) throw new Error(`the every-minute cron answered ${response.status}`);
};

/**
 * Runs the every-minute cron and waits until `job` has recorded a finished run: the jobs run after the cron's answer.
 * `admin` is a page signed in as an admin, which reads the job's last run from the admin health page's API.
 */
export const runCronUntilJobRan = async (baseUrl: string, admin: Page, job: string) => {
  const lastRun = () =>
    admin.evaluate(
      async (name) =>
        (
          (await (await fetch("/api/admin/health")).json()) as { crons: { job: string; lastRunAt: number }[] }
        ).crons.find((cron) => cron.job === name)?.lastRunAt ?? 0,
      job,
    );
  const before = await lastRun();
  await runEveryMinuteCron(baseUrl);
  await expect.poll(lastRun, { timeout: 15_000 }).toBeGreaterThan(before);
};

/**
 * Runs the every-minute cron until the all-time standings list the player: with players over several shards the
 * standings merge each shard's totals once a minute, and a settled pick reaches its shard's totals through the queue.
 */
export const untilStandingsList = async (baseUrl: string, username: string) => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await runEveryMinuteCron(baseUrl);
    const board = (await (await fetch(`${baseUrl}/api/leaderboard?period=all`)).json()) as {
      items: { username: string }[];
    };
    if (board.items.some((item) => item.username === username)) return;
  }
  throw new Error(`the standings did not list ${username} within 30 s`);
};
