-- Admins' credit adjustments are kept by their id in the catalogue. Awarded credits get a ledger source of their own
-- and a tracked part of the balance, which is never redeemable (docs/product-rules.md).
-- SQLite cannot change a CHECK in place, so the ledger is rebuilt; D1 refuses foreign_keys=OFF, so the keys of the
-- tables that point at ledger rows are checked at commit, after the rows are back.
CREATE TABLE `credit_adjustments` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`user_id` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_adjustments_amount" CHECK(amount <> 0)
);
--> statement-breakpoint
CREATE INDEX `credit_adjustments_user` ON `credit_adjustments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `credit_adjustments_admin` ON `credit_adjustments` (`admin_id`,`created_at`);--> statement-breakpoint
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `credit_transactions_before_awards` AS SELECT * FROM `credit_transactions`;--> statement-breakpoint
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
	CONSTRAINT "credit_transactions_source" CHECK(source IN ('purchased', 'bonus', 'winnings', 'awarded'))
);
--> statement-breakpoint
INSERT INTO `credit_transactions`("id", "user_id", "amount", "transaction_type", "source", "idempotency_key", "question_id", "pick_id", "description", "created_at") SELECT "id", "user_id", "amount", "transaction_type", "source", "idempotency_key", "question_id", "pick_id", "description", "created_at" FROM `credit_transactions_before_awards` ORDER BY rowid;--> statement-breakpoint
DROP TABLE `credit_transactions_before_awards`;--> statement-breakpoint
CREATE UNIQUE INDEX `credit_transactions_idempotency_key_unique` ON `credit_transactions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `credit_transactions_user` ON `credit_transactions` (`user_id`,"created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `credit_transactions_question` ON `credit_transactions` (`question_id`) WHERE question_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `credit_transactions_referrer_bonus` ON `credit_transactions` (`user_id`,`created_at`) WHERE idempotency_key LIKE 'referral:%:referrer';--> statement-breakpoint
CREATE INDEX `credit_transactions_friend_bonus` ON `credit_transactions` (`created_at`) WHERE idempotency_key LIKE 'referral:%:friend';--> statement-breakpoint
ALTER TABLE `user_credits` ADD `awarded` integer DEFAULT 0 NOT NULL CONSTRAINT "user_credits_awarded" CHECK(awarded >= 0);
