import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ONE_DATABASE_MAP_VAR } from "../lib/local-app";
import { rehearseMove } from "./rehearse-move";

const PLAYERS = 60;
const dir = mkdtempSync(join(tmpdir(), "pickstreak-rehearsal-data-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Players with a purchase and a 2-credit pick each, written as the ledger writes them, beside the demo accounts. */
const playersSql = `
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${PLAYERS})
INSERT INTO users (id, email, username, referral_code, created_at, updated_at)
SELECT 'rehearsal-' || i, 'r' || i || '@rehearsal.example', 'rehearsal_' || i, 'REH' || i, 0, 0 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${PLAYERS})
INSERT INTO user_credits (user_id, balance, total_earned, total_spent, created_at, updated_at) SELECT 'rehearsal-' || i, 8, 10, 2, 0, 0 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${PLAYERS})
INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, created_at)
SELECT 'rehearsal-buy-' || i, 'rehearsal-' || i, 10, 'purchase', 'purchased', 'rehearsal:' || i, 0 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${PLAYERS})
INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, question_id, created_at)
SELECT 'rehearsal-spend-' || i, 'rehearsal-' || i, -2, 'spend', 'purchased', 'pick:rehearsal-' || i || ':seed-question-02', 'seed-question-02', 1 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${PLAYERS})
INSERT INTO user_picks (id, user_id, question_id, choice, credits_spent, multiplier, potential_payout, created_at, updated_at)
SELECT 'rehearsal-pick-' || i, 'rehearsal-' || i, 'seed-question-02', CASE i % 2 WHEN 0 THEN 'yes' ELSE 'no' END, 2, 1, 4, 1, 1 FROM n;
UPDATE questions SET pick_count = pick_count + ${PLAYERS} WHERE id = 'seed-question-02';
`;

const seededState = () => {
  const state = join(dir, "state");
  const run = (args: string[]) => execFileSync("npx", args, { stdio: "pipe" });
  run(["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
  // The rehearsal starts from a small deployment's data: every player in the one database.
  execFileSync("npx", ["tsx", "scripts/seed.ts", `--persist-to=${state}`], {
    stdio: "pipe",
    env: { ...process.env, USER_SHARD_MAP: ONE_DATABASE_MAP_VAR },
  });
  writeFileSync(join(dir, "players.sql"), playersSql);
  run(["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--file", join(dir, "players.sql")]);
  return state;
};

describe("the shard move rehearsal", () => {
  it(
    "moves a copy of local data from one database to two shards and both ledgers audit clean",
    { timeout: 240_000 },
    async () => {
      const report = await rehearseMove({ state: seededState() });
      expect(report.moves.map(({ move, players }) => ({ ...move, players }))).toEqual([
        { source: "DB", target: "SHARD_0", fromBucket: 0, players: PLAYERS + 2 },
        { source: "SHARD_0", target: "SHARD_1", fromBucket: 512, players: report.players.SHARD_1 },
      ]);
      expect(report.players.SHARD_0! + report.players.SHARD_1!).toBe(PLAYERS + 2);
      expect(report.players.SHARD_0).toBeGreaterThan(10);
      expect(report.players.SHARD_1).toBeGreaterThan(10);
      expect(report.audit).toEqual({ SHARD_0: 0, SHARD_1: 0 });
    },
  );
});
