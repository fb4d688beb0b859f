-- Bonuses are once per person, not per account row: an address that has had its sign-up bonus keeps a keyed hash
-- (HMAC-SHA256 of the normalised address) here after its account is deleted, so a re-created account gets none.
CREATE TABLE bonus_claims (
  email_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- 1 when this account holds its address's claim: only such an account earns referral bonuses as a friend.
ALTER TABLE users ADD COLUMN bonus_owner INTEGER NOT NULL DEFAULT 0;

-- Accounts from before the claims had their sign-up bonus at creation and keep their standing; deleting one writes
-- its claim then (their addresses cannot be hashed here).
UPDATE users SET bonus_owner = 1 WHERE deleted_at IS NULL;

-- The monthly cap counts a referrer's referral bonuses by key.
CREATE INDEX credit_transactions_referrer_bonus ON credit_transactions(user_id, created_at)
  WHERE idempotency_key LIKE 'referral:%:referrer';

-- A new sign-up of an unconfirmed address replaces its pending referral; once the address is confirmed the
-- referral is fixed, and nobody refers themselves either way.
DROP TRIGGER users_referral_fixed;
CREATE TRIGGER users_referral_fixed BEFORE UPDATE OF referred_by ON users
WHEN OLD.referred_by IS NOT NEW.referred_by AND (OLD.email_confirmed_at IS NOT NULL OR NEW.referred_by = NEW.id)
BEGIN
  SELECT RAISE(ABORT, 'referral fixed at sign-up');
END;
