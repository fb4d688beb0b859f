-- A user shard's part of a pick, reduced to the rows the pick's batch writes: the player's credits, the ledger, the
-- pick, the idempotency receipt, the activity entry and the question's counters (worker/features/picks).
CREATE TABLE credits (user_id TEXT PRIMARY KEY, balance INTEGER NOT NULL CHECK (balance >= 0), total_spent INTEGER NOT NULL DEFAULT 0);
CREATE TABLE ledger (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, amount INTEGER NOT NULL, idempotency_key TEXT NOT NULL UNIQUE, question_id TEXT, created_at INTEGER NOT NULL);
CREATE INDEX ledger_user ON ledger (user_id, created_at DESC, id DESC);
CREATE TABLE picks (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, question_id TEXT NOT NULL, choice TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (user_id, question_id));
CREATE INDEX picks_question ON picks (question_id);
CREATE TABLE receipts (user_id TEXT NOT NULL, idempotency_key TEXT NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (user_id, idempotency_key)) WITHOUT ROWID;
CREATE TABLE activity (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, question_id TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX activity_newest ON activity (created_at DESC, id DESC);
CREATE TABLE questions (id TEXT PRIMARY KEY, cost INTEGER NOT NULL, deadline INTEGER NOT NULL, pick_count INTEGER NOT NULL DEFAULT 0, yes_count INTEGER NOT NULL DEFAULT 0);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 10000)
INSERT INTO credits (user_id, balance) SELECT 'u' || i, 1000000 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 500)
INSERT INTO questions (id, cost, deadline) SELECT 'q' || i, 2, 4102444800000 FROM n;
