-- Risk signals for the admin's redemption queue (docs/decisions/0015-redemption-risk.md).
-- The address a sign-up came from (CF-Connecting-IP); NULL for accounts made before this column or without it.
ALTER TABLE users ADD COLUMN signup_ip TEXT;
CREATE INDEX users_signup_ip ON users(signup_ip) WHERE signup_ip IS NOT NULL;

-- Finds every account that asked for a payout to one address, whatever its case.
CREATE INDEX gift_card_redemptions_payout_email ON gift_card_redemptions(user_email COLLATE NOCASE);
