-- Money in: Stripe customers, credited payments, subscriptions, exchange rates and promo codes.
-- Amounts are integers in the currency's minor unit (cents; yen for JPY); times are Unix epoch milliseconds.

CREATE TABLE stripe_customers (
  user_id TEXT PRIMARY KEY REFERENCES users(id),
  customer_id TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);

-- One row per credited payment: a one-time checkout session (id cs_...) or a subscription invoice (id in_...).
-- Written in the same batch as its grant (transaction_id), so it exists exactly when the credits were given.
-- credits_taken_back only grows, by compare-and-set, as refunds and disputes take the credits back.
CREATE TABLE stripe_payments (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('checkout', 'invoice')),
  credits INTEGER NOT NULL CHECK (credits > 0),
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  payment_intent_id TEXT,
  subscription_id TEXT,
  transaction_id TEXT NOT NULL UNIQUE REFERENCES credit_transactions(id),
  credits_taken_back INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK (credits_taken_back BETWEEN 0 AND credits)
);
CREATE INDEX stripe_payments_intent ON stripe_payments(payment_intent_id) WHERE payment_intent_id IS NOT NULL;
CREATE INDEX stripe_payments_user ON stripe_payments(user_id, created_at DESC);

-- last_event_at is the Stripe `created` second of the newest subscription event applied: older events are ignored.
CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  customer_id TEXT,
  status TEXT NOT NULL,
  credits_amount INTEGER NOT NULL CHECK (credits_amount > 0),
  total_price INTEGER NOT NULL CHECK (total_price >= 0),
  currency TEXT NOT NULL,
  next_delivery_date INTEGER,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0 CHECK (cancel_at_period_end IN (0, 1)),
  last_event_at INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions(user_id, created_at DESC);

-- The last good rates (USD base) from the hourly job; a single row. No row means the fixed fallback rates.
CREATE TABLE exchange_rates (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  base TEXT NOT NULL,
  rates TEXT NOT NULL CHECK (json_valid(rates)),
  fetched_at INTEGER NOT NULL
);

-- Codes are stored trimmed and uppercased. redemption_count is raised in the batch that records a redemption.
CREATE TABLE promo_codes (
  code TEXT PRIMARY KEY,
  credits INTEGER NOT NULL CHECK (credits > 0),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  expires_at INTEGER,
  max_redemptions INTEGER CHECK (max_redemptions IS NULL OR max_redemptions > 0),
  redemption_count INTEGER NOT NULL DEFAULT 0 CHECK (redemption_count >= 0),
  created_by TEXT REFERENCES users(id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX promo_codes_recent ON promo_codes(created_at DESC, code DESC);

CREATE TABLE promo_redemptions (
  code TEXT NOT NULL REFERENCES promo_codes(code),
  user_id TEXT NOT NULL REFERENCES users(id),
  transaction_id TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (code, user_id)
) WITHOUT ROWID;
