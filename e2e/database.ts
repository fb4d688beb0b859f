import { inject } from "vitest";

/**
 * Runs fixture SQL (rows no API creates, such as a question about to close) through the running app's
 * development-only endpoint, so the databases are only ever written by the worker that serves them. Without `player`
 * the statements run in the catalogue (questions, contests, the directory of accounts); with it, in that player's
 * user shard (their account row, credits, ledger and picks).
 */
export const runSql = async (sql: string, { player }: { player?: string } = {}) => {
  const statements = sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
  const response = await fetch(`${inject("baseUrl")}/api/dev/sql`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ statements, player }),
  });
  if (!response.ok) throw new Error(`fixture SQL failed (${response.status}): ${await response.text()}`);
};
