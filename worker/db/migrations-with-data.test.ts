import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const before = (name: string) => env.TEST_MIGRATIONS.filter((migration) => migration.name < name);

/**
 * Migrations that rebuild a table other tables point at must keep a database that already holds rows working: the
 * tests' own databases are migrated empty, where any order passes.
 */
describe("migrating a database that holds players' rows", () => {
  it("rebuilds the ledger and the players' tables without breaking the rows that point at them", async () => {
    const d1 = env.UNMIGRATED;
    await applyD1Migrations(d1, before("0018"));
    await d1.batch([
      d1.prepare(
        "INSERT INTO users (id, email, username, referral_code, created_at, updated_at) VALUES ('u1', 'u1@example.com', 'user_one', 'R1', 0, 0)",
      ),
      d1.prepare(
        "INSERT INTO users (id, email, username, referral_code, referred_by, created_at, updated_at) VALUES ('u2', 'u2@example.com', 'user_two', 'R2', 'u1', 0, 0)",
      ),
      d1.prepare(
        "INSERT INTO user_credits (user_id, balance, total_earned, created_at, updated_at) VALUES ('u1', 0, 10, 0, 0)",
      ),
      d1.prepare(
        "INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, created_at) VALUES ('t1', 'u1', 10, 'purchase', 'purchased', 'k1', 0), ('t2', 'u1', -10, 'redemption', 'purchased', 'k2', 1)",
      ),
      d1.prepare(
        "INSERT INTO stripe_payments (id, user_id, kind, credits, currency, amount, transaction_id, created_at, updated_at) VALUES ('s1', 'u1', 'checkout', 10, 'usd', 500, 't1', 0, 0)",
      ),
      d1.prepare(
        `INSERT INTO gift_card_redemptions (id, user_id, kind, method, credits_spent, value_cents, user_email, country, status, transaction_id, decided_by, created_at, updated_at)
         VALUES ('g1', 'u1', 'cash_out', 'venmo', 10, 600, 'u1@example.com', 'US', 'fulfilled', 't2', 'u1', 0, 0)`,
      ),
    ]);

    await applyD1Migrations(d1, env.TEST_MIGRATIONS);
    const counts = await d1
      .prepare(
        `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM credit_transactions) AS ledger,
           (SELECT count(*) FROM stripe_payments) AS payments, (SELECT count(*) FROM gift_card_redemptions) AS redemptions,
           (SELECT referred_by FROM users WHERE id = 'u2') AS referrer, (SELECT count(*) FROM pragma_foreign_key_check) AS broken`,
      )
      .first();
    expect(counts).toEqual({ users: 2, ledger: 2, payments: 1, redemptions: 1, referrer: "u1", broken: 0 });
    const { results: ledger } = await d1
      .prepare("SELECT id FROM credit_transactions ORDER BY rowid")
      .all<{ id: string }>();
    expect(ledger.map(({ id }) => id)).toEqual(["t1", "t2"]);
  });
});
