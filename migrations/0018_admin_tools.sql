-- Widening the ledger's type check rebuilds the table. Payments and redemptions point at ledger rows, so the
-- foreign keys are checked at commit (D1 refuses foreign_keys=OFF). The rows go back into the rebuilt table after the
-- old one is dropped: only rows written to the parent after the drop settle the checks the drop left open (moving a
-- filled copy in by RENAME does not, and the commit failed on any database holding a purchase).
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `credit_transactions_before_rebuild` AS SELECT * FROM `credit_transactions`;--> statement-breakpoint
DROP TABLE `credit_transactions`;--> statement-breakpoint
CREATE TABLE `credit_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`amount` integer NOT NULL,
	`transaction_type` text NOT NULL,
	`source` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`question_id` text,
	`pick_id` text,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_transactions_amount" CHECK(amount <> 0),
	CONSTRAINT "credit_transactions_type" CHECK(transaction_type IN ('purchase', 'spend', 'pick_payout', 'refund', 'daily_free', 'promo_code', 'bonus', 'redemption', 'reversal', 'admin_adjustment')),
	CONSTRAINT "credit_transactions_source" CHECK(source IN ('purchased', 'bonus', 'winnings'))
);
--> statement-breakpoint
INSERT INTO `credit_transactions`("id", "user_id", "amount", "transaction_type", "source", "idempotency_key", "question_id", "pick_id", "description", "created_at") SELECT "id", "user_id", "amount", "transaction_type", "source", "idempotency_key", "question_id", "pick_id", "description", "created_at" FROM `credit_transactions_before_rebuild` ORDER BY rowid;--> statement-breakpoint
DROP TABLE `credit_transactions_before_rebuild`;--> statement-breakpoint
CREATE UNIQUE INDEX `credit_transactions_idempotency_key_unique` ON `credit_transactions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `credit_transactions_user` ON `credit_transactions` (`user_id`,"created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `credit_transactions_question` ON `credit_transactions` (`question_id`) WHERE question_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `credit_transactions_referrer_bonus` ON `credit_transactions` (`user_id`,`created_at`) WHERE idempotency_key LIKE 'referral:%:referrer';--> statement-breakpoint
ALTER TABLE `admin_audit_log` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `admin_audit_log` ADD `subject_user_id` text REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `admin_audit_log_subject` ON `admin_audit_log` (`subject_user_id`,"created_at" desc) WHERE subject_user_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `admin_audit_log_action` ON `admin_audit_log` (`action`,"created_at" desc);--> statement-breakpoint
-- The audit log is append-only: nothing, not even an admin's own code path, may rewrite or remove an entry.
CREATE TRIGGER admin_audit_log_no_update BEFORE UPDATE ON admin_audit_log
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_delete BEFORE DELETE ON admin_audit_log
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;