-- A pending redemption is put on hold when a refund or dispute takes purchased credits back from its player
-- (docs/decisions/0005-redemptions-referrals.md). While held (hold_cause set and the row still pending) it cannot be
-- fulfilled; an admin releases the hold (which clears these columns and writes admin_audit_log) or rejects it.
ALTER TABLE gift_card_redemptions ADD COLUMN hold_cause TEXT CHECK (hold_cause IS NULL OR hold_cause IN ('charge_refunded', 'dispute_opened'));
-- The Stripe payment (stripe_payments.id) whose refund or dispute caused the hold.
ALTER TABLE gift_card_redemptions ADD COLUMN hold_payment_id TEXT;
ALTER TABLE gift_card_redemptions ADD COLUMN held_at INTEGER;

