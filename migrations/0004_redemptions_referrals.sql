-- The gift card catalogue. Amounts are credits; a NULL max_amount means the configured default maximum.
CREATE TABLE rewards (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  currency TEXT NOT NULL DEFAULT 'USD',
  min_amount INTEGER NOT NULL DEFAULT 10 CHECK (min_amount >= 1),
  max_amount INTEGER CHECK (max_amount IS NULL OR max_amount >= min_amount),
  image_url TEXT,
  preselected_amounts TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(preselected_amounts)),
  country_codes TEXT NOT NULL DEFAULT '["US"]' CHECK (json_valid(country_codes)),
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

-- The spec's brand allowlist; images are our own plain cards in web/public/images/rewards.
INSERT INTO rewards (id, name, image_url, preselected_amounts, sort_order, created_at) VALUES
  ('amazon', 'Amazon', '/images/rewards/amazon.svg', '[10,25,50,100]', 1, 0),
  ('visa', 'Visa', '/images/rewards/visa.svg', '[25,50,100,250]', 2, 0),
  ('mastercard', 'Mastercard', '/images/rewards/mastercard.svg', '[25,50,100,250]', 3, 0),
  ('starbucks', 'Starbucks', '/images/rewards/starbucks.svg', '[10,25,50]', 4, 0),
  ('walmart', 'Walmart', '/images/rewards/walmart.svg', '[10,25,50,100]', 5, 0),
  ('target', 'Target', '/images/rewards/target.svg', '[10,25,50,100]', 6, 0),
  ('sephora', 'Sephora', '/images/rewards/sephora.svg', '[25,50,100]', 7, 0),
  ('doordash', 'DoorDash', '/images/rewards/doordash.svg', '[25,50,100]', 8, 0),
  ('nike', 'Nike', '/images/rewards/nike.svg', '[25,50,100]', 9, 0),
  ('ulta', 'Ulta', '/images/rewards/ulta.svg', '[25,50,100]', 10, 0),
  ('uber-eats', 'Uber Eats', '/images/rewards/uber-eats.svg', '[25,50,100]', 11, 0);

-- Gift cards and cash-outs alike: credits_spent left the balance through transaction_id (type 'redemption') and
-- come back once through the 'redemption-refund:<id>' key if an admin rejects. value_cents is US cents.
CREATE TABLE gift_card_redemptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('gift_card', 'cash_out')),
  reward_id TEXT REFERENCES rewards(id),
  method TEXT CHECK (method IN ('visa', 'mastercard', 'venmo', 'cashapp')),
  credits_spent INTEGER NOT NULL CHECK (credits_spent > 0),
  value_cents INTEGER NOT NULL CHECK (value_cents >= 0),
  user_email TEXT NOT NULL,
  payout_handle TEXT,
  country TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'fulfilled', 'rejected')),
  note TEXT,
  transaction_id TEXT NOT NULL UNIQUE REFERENCES credit_transactions(id),
  -- Fresh per decision attempt: the batch that set it is the one that decided (and may email and refund).
  decision_id TEXT,
  decided_by TEXT REFERENCES users(id),
  decided_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK ((kind = 'gift_card' AND reward_id IS NOT NULL AND method IS NULL)
      OR (kind = 'cash_out' AND method IS NOT NULL AND reward_id IS NULL))
);
CREATE INDEX gift_card_redemptions_user ON gift_card_redemptions(user_id, created_at DESC, id DESC);
CREATE INDEX gift_card_redemptions_status ON gift_card_redemptions(status, created_at, id);

-- A referral is fixed at sign-up: nobody refers themselves, and a recorded referrer never changes.
CREATE TRIGGER users_no_self_referral BEFORE INSERT ON users
WHEN NEW.referred_by = NEW.id
BEGIN
  SELECT RAISE(ABORT, 'self referral refused');
END;

CREATE TRIGGER users_referral_fixed BEFORE UPDATE OF referred_by ON users
WHEN OLD.referred_by IS NOT NEW.referred_by
BEGIN
  SELECT RAISE(ABORT, 'referral fixed at sign-up');
END;
