-- Core tables. Times are Unix epoch milliseconds; credit amounts are whole credits.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  password_hash TEXT,
  password_salt TEXT,
  password_iterations INTEGER,
  email_confirmed_at INTEGER,
  role TEXT NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'admin')),
  username TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(username) BETWEEN 3 AND 40),
  avatar_url TEXT,
  country TEXT NOT NULL DEFAULT 'US' CHECK (length(country) = 2),
  country_manually_set INTEGER NOT NULL DEFAULT 0 CHECK (country_manually_set IN (0, 1)),
  max_streak INTEGER NOT NULL DEFAULT 0 CHECK (max_streak >= 0),
  referral_code TEXT NOT NULL UNIQUE,
  referred_by TEXT REFERENCES users(id),
  deleted_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX users_referred_by ON users(referred_by) WHERE referred_by IS NOT NULL;

-- A session is one sign-in; its refresh tokens rotate and a reused one revokes the session.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);

CREATE TABLE auth_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('confirm_email', 'password_reset')),
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX auth_tokens_user ON auth_tokens(user_id, purpose);

CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);

-- balance = sum(credit_transactions.amount) for the user; redeemable is the part that came from winnings.
CREATE TABLE user_credits (
  user_id TEXT PRIMARY KEY REFERENCES users(id),
  balance INTEGER NOT NULL DEFAULT 0,
  redeemable INTEGER NOT NULL DEFAULT 0 CHECK (redeemable >= 0),
  total_earned INTEGER NOT NULL DEFAULT 0 CHECK (total_earned >= 0),
  total_spent INTEGER NOT NULL DEFAULT 0 CHECK (total_spent >= 0),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE credit_transactions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  amount INTEGER NOT NULL CHECK (amount <> 0),
  transaction_type TEXT NOT NULL CHECK (transaction_type IN
    ('purchase', 'spend', 'pick_payout', 'refund', 'daily_free', 'promo_code', 'bonus', 'redemption', 'reversal')),
  source TEXT NOT NULL CHECK (source IN ('purchased', 'bonus', 'winnings')),
  idempotency_key TEXT NOT NULL UNIQUE,
  question_id TEXT,
  pick_id TEXT,
  description TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX credit_transactions_user ON credit_transactions(user_id, created_at DESC, id DESC);
CREATE INDEX credit_transactions_question ON credit_transactions(question_id) WHERE question_id IS NOT NULL;

CREATE TABLE questions (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL CHECK (length(trim(title)) > 0),
  sport_category TEXT,
  custom_category TEXT,
  category TEXT GENERATED ALWAYS AS (COALESCE(NULLIF(custom_category, ''), sport_category)) VIRTUAL,
  credit_cost INTEGER NOT NULL DEFAULT 0 CHECK (credit_cost >= 0),
  deadline INTEGER NOT NULL,
  image_url TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'scheduled', 'resolved')),
  publish_at INTEGER,
  question_type TEXT NOT NULL DEFAULT 'standard' CHECK (question_type IN ('standard', 'over_under', 'custom')),
  answer_option_a TEXT NOT NULL DEFAULT 'Yes',
  answer_option_b TEXT NOT NULL DEFAULT 'No',
  is_free_pick INTEGER NOT NULL DEFAULT 0 CHECK (is_free_pick IN (0, 1)),
  is_player_prop INTEGER NOT NULL DEFAULT 0 CHECK (is_player_prop IN (0, 1)),
  tags TEXT NOT NULL DEFAULT '[]',
  outcome TEXT NOT NULL DEFAULT 'unresolved' CHECK (outcome IN ('unresolved', 'A', 'B', 'over', 'under', 'void')),
  settlement_version INTEGER NOT NULL DEFAULT 0,
  settled_version INTEGER NOT NULL DEFAULT 0,
  pick_count INTEGER NOT NULL DEFAULT 0 CHECK (pick_count >= 0),
  created_by TEXT REFERENCES users(id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- The feed lists published questions with a future deadline; each sort has its own index.
CREATE INDEX questions_feed_deadline ON questions(status, deadline);
CREATE INDEX questions_feed_popularity ON questions(status, pick_count DESC, deadline);
CREATE INDEX questions_feed_newest ON questions(status, created_at DESC);
CREATE INDEX questions_feed_cost ON questions(status, credit_cost, deadline);
CREATE INDEX questions_feed_category ON questions(status, category, deadline);
CREATE INDEX questions_feed_free ON questions(status, is_free_pick, deadline);
CREATE INDEX questions_feed_props ON questions(status, is_player_prop, deadline);
CREATE INDEX questions_settlement ON questions(settled_version) WHERE settled_version <> settlement_version;

CREATE TABLE user_picks (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  question_id TEXT NOT NULL REFERENCES questions(id),
  choice TEXT NOT NULL CHECK (choice IN ('yes', 'no')),
  credits_spent INTEGER NOT NULL CHECK (credits_spent >= 0),
  multiplier INTEGER NOT NULL CHECK (multiplier BETWEEN 1 AND 5),
  pick_type TEXT NOT NULL DEFAULT 'standard',
  potential_payout INTEGER NOT NULL CHECK (potential_payout >= 0),
  actual_payout INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'won', 'lost', 'void')),
  settled_version INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (user_id, question_id)
);
CREATE INDEX user_picks_user ON user_picks(user_id, created_at DESC);
CREATE INDEX user_picks_question ON user_picks(question_id, settled_version);

CREATE TABLE user_bookmarks (
  user_id TEXT NOT NULL REFERENCES users(id),
  question_id TEXT NOT NULL REFERENCES questions(id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, question_id)
) WITHOUT ROWID;
CREATE INDEX user_bookmarks_question ON user_bookmarks(question_id);

CREATE TABLE activity_feed (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  question_id TEXT NOT NULL REFERENCES questions(id),
  kind TEXT NOT NULL CHECK (kind IN ('pick', 'win')),
  choice TEXT NOT NULL CHECK (choice IN ('yes', 'no')),
  credits INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX activity_feed_recent ON activity_feed(created_at DESC, id DESC);
CREATE INDEX activity_feed_question ON activity_feed(question_id);

CREATE TABLE idempotent_responses (
  user_id TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  route TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, idempotency_key)
) WITHOUT ROWID;

CREATE TABLE contact_messages (
  id TEXT PRIMARY KEY,
  user_id TEXT REFERENCES users(id),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX contact_messages_recent ON contact_messages(created_at DESC);

CREATE TABLE email_outbox (
  id TEXT PRIMARY KEY,
  to_email TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX email_outbox_recent ON email_outbox(created_at DESC);
