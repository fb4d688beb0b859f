import { CATALOGUE, executeLocalSql, localDatabases, shardBindingOf } from "./lib/local-databases";
import { hashPassword } from "./lib/password";
import { SEED_QUESTIONS } from "./lib/seed-questions";
import { promoCodeSql } from "./lib/seed-promo-codes";

/**
 * Local demo data: two accounts and a feed of questions whose deadlines are relative to now. Safe to re-run. Written
 * as the app writes it under the local shard map: each account in the catalogue's directory and, with its credits and
 * ledger, in its own shard; each question in the catalogue and copied to every shard.
 */

const HOUR = 60 * 60 * 1000;
const DEMO_PASSWORD = "password123";
const persistTo = process.argv.find((arg) => arg.startsWith("--persist-to="))?.split("=")[1];

const quote = (value: string | number | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

const accountRows = (id: string, email: string, username: string, role: "admin" | "player", now: number) => {
  const password = hashPassword(DEMO_PASSWORD);
  const referralCode = `DEMO${role === "admin" ? "ADMN" : "PLYR"}`;
  const user = `INSERT OR IGNORE INTO users (id, email, password_hash, password_salt, password_iterations, email_confirmed_at, role, username, country, referral_code, bonus_owner, created_at, updated_at)
     VALUES (${[id, email, password.hash, password.salt, password.iterations, now, role, username, "US", referralCode, 1, now, now].map(quote).join(", ")});`;
  const credits = [
    `INSERT OR IGNORE INTO user_credits (user_id, balance, total_earned, created_at, updated_at) VALUES (${quote(id)}, 5, 5, ${now}, ${now});`,
    `INSERT OR IGNORE INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, description, created_at)
     VALUES (${quote(`seed-signup-${id}`)}, ${quote(id)}, 5, 'bonus', 'bonus', ${quote(`signup:${id}`)}, 'Sign-up bonus', ${now});`,
  ];
  return { id, directory: [user], shard: [user, ...credits] };
};

const questionSql = (now: number) =>
  SEED_QUESTIONS.map((q, index) => {
    const id = `seed-question-${String(index + 1).padStart(2, "0")}`;
    const [optionA, optionB] = q.options ?? ["Yes", "No"];
    const tags = JSON.stringify(q.props ? ["player_props"] : []);
    const values = [
      id,
      q.title,
      q.sport,
      q.custom ?? null,
      q.cost,
      now + q.hours * HOUR,
      q.image ? `/images/seed/${q.image}.svg` : null,
      "published",
      q.type ?? "standard",
      optionA,
      optionB,
      q.cost === 0 ? 1 : 0,
      q.props ? 1 : 0,
      tags,
      now - (index + 1) * HOUR,
      now,
    ];
    return `INSERT INTO questions (id, title, sport_category, custom_category, credit_cost, deadline, image_url, status, question_type, answer_option_a, answer_option_b, is_free_pick, is_player_prop, tags, created_at, updated_at)
      VALUES (${values.map(quote).join(", ")})
      ON CONFLICT(id) DO UPDATE SET deadline = excluded.deadline, updated_at = excluded.updated_at
      WHERE questions.outcome = 'unresolved';`;
  });

const now = Date.now();
const { bindings, map } = localDatabases();
const accounts = [
  accountRows("seed-admin", "admin@example.com", "PickstreakAdmin", "admin", now),
  accountRows("seed-player", "player@example.com", "DemoPlayer", "player", now),
];
const questions = questionSql(now);
const sqlFor = (binding: string) => {
  const isShard = map.shards.some((shard) => shard.binding === binding);
  const players = accounts.filter((account) => shardBindingOf(map, account.id) === binding);
  const directory =
    binding === CATALOGUE
      ? accounts.filter((account) => !players.includes(account)).flatMap((account) => account.directory)
      : [];
  return [
    ...directory,
    ...players.flatMap((account) => account.shard),
    ...(binding === CATALOGUE || isShard ? questions : []),
    ...(binding === CATALOGUE ? promoCodeSql(now) : []),
  ];
};

await executeLocalSql(Object.fromEntries(bindings.map((binding) => [binding, sqlFor(binding).join("\n")])), persistTo);
console.log(`Seeded ${SEED_QUESTIONS.length} questions and the demo accounts (password: ${DEMO_PASSWORD}).`);
