import { execFileSync } from "node:child_process";
import { inject } from "vitest";

/** Runs SQL against the running app's local D1 (for fixtures no API creates, such as a question about to close). */
export const runSql = (sql: string) => {
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", `--persist-to=${inject("stateDir")}`, "--command", sql], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    stdio: ["ignore", "ignore", "inherit"],
  });
};
