import { inject } from "vitest";

/**
 * Runs fixture SQL (rows no API creates, such as a question about to close) through the running app's
 * development-only endpoint, so the database is only ever written by the worker that serves it.
 */
export const runSql = async (sql: string) => {
  const statements = sql.split(/;\s*(?:\n|$)/).map((s) => s.trim()).filter(Boolean);
  const response = await fetch(`${inject("baseUrl")}/api/dev/sql`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ statements }),
  });
  if (!response.ok) throw new Error(`fixture SQL failed (${response.status}): ${await response.text()}`);
};
