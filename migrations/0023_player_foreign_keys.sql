-- Players and their rows move to user shards (docs/decisions/0026-user-shards.md). A player's referrer may live in another
-- shard, and a redemption's reward and deciding admin in the catalogue, so those columns lose their foreign keys.
-- D1 refuses foreign_keys=OFF, so the keys are checked at commit. Most tables point at users: its rows go back into the
-- rebuilt table after the old one is dropped, which settles the checks the drop left open, and the same for redemptions.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `users_before_shards` AS SELECT * FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text COLLATE NOCASE NOT NULL,
	`password_hash` text,
	`password_salt` text,
	`password_iterations` integer,
	`email_confirmed_at` integer,
	`role` text DEFAULT 'player' NOT NULL,
	`username` text COLLATE NOCASE NOT NULL,
	`avatar_url` text,
	`country` text DEFAULT 'US' NOT NULL,
	`country_manually_set` integer DEFAULT 0 NOT NULL,
	`max_streak` integer DEFAULT 0 NOT NULL,
	`referral_code` text NOT NULL,
	`referred_by` text,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`signup_ip` text,
	`bonus_owner` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "users_role" CHECK(role IN ('player', 'admin')),
	CONSTRAINT "users_username_length" CHECK(length(username) BETWEEN 3 AND 40),
	CONSTRAINT "users_country_length" CHECK(length(country) = 2),
	CONSTRAINT "users_country_manually_set" CHECK(country_manually_set IN (0, 1)),
	CONSTRAINT "users_max_streak" CHECK(max_streak >= 0)
);
--> statement-breakpoint
INSERT INTO `users`("id", "email", "password_hash", "password_salt", "password_iterations", "email_confirmed_at", "role", "username", "avatar_url", "country", "country_manually_set", "max_streak", "referral_code", "referred_by", "deleted_at", "created_at", "updated_at", "signup_ip", "bonus_owner") SELECT "id", "email", "password_hash", "password_salt", "password_iterations", "email_confirmed_at", "role", "username", "avatar_url", "country", "country_manually_set", "max_streak", "referral_code", "referred_by", "deleted_at", "created_at", "updated_at", "signup_ip", "bonus_owner" FROM `users_before_shards`;--> statement-breakpoint
DROP TABLE `users_before_shards`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_referral_code_unique` ON `users` (`referral_code`);--> statement-breakpoint
CREATE INDEX `users_referred_by` ON `users` (`referred_by`) WHERE referred_by IS NOT NULL;--> statement-breakpoint
CREATE INDEX `users_signup_ip` ON `users` (`signup_ip`) WHERE signup_ip IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER users_no_self_referral BEFORE INSERT ON users
WHEN NEW.referred_by = NEW.id
BEGIN
  SELECT RAISE(ABORT, 'self referral refused');
END;--> statement-breakpoint
CREATE TRIGGER users_referral_fixed BEFORE UPDATE OF referred_by ON users
WHEN OLD.referred_by IS NOT NEW.referred_by AND (OLD.email_confirmed_at IS NOT NULL OR NEW.referred_by = NEW.id)
BEGIN
  SELECT RAISE(ABORT, 'referral fixed at sign-up');
END;--> statement-breakpoint
CREATE TABLE `gift_card_redemptions_before_shards` AS SELECT * FROM `gift_card_redemptions`;--> statement-breakpoint
DROP TABLE `gift_card_redemptions`;--> statement-breakpoint
CREATE TABLE `gift_card_redemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`reward_id` text,
	`method` text,
	`credits_spent` integer NOT NULL,
	`value_cents` integer NOT NULL,
	`user_email` text NOT NULL,
	`payout_handle` text,
	`country` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`note` text,
	`transaction_id` text NOT NULL,
	`decision_id` text,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`hold_cause` text,
	`hold_payment_id` text,
	`held_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transaction_id`) REFERENCES `credit_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "gift_card_redemptions_kind" CHECK(kind IN ('gift_card', 'cash_out')),
	CONSTRAINT "gift_card_redemptions_method" CHECK(method IN ('visa', 'mastercard', 'venmo', 'cashapp')),
	CONSTRAINT "gift_card_redemptions_credits_spent" CHECK(credits_spent > 0),
	CONSTRAINT "gift_card_redemptions_value_cents" CHECK(value_cents >= 0),
	CONSTRAINT "gift_card_redemptions_status" CHECK(status IN ('pending', 'fulfilled', 'rejected')),
	CONSTRAINT "gift_card_redemptions_target" CHECK((kind = 'gift_card' AND reward_id IS NOT NULL AND method IS NULL) OR (kind = 'cash_out' AND method IS NOT NULL AND reward_id IS NULL)),
	CONSTRAINT "gift_card_redemptions_hold_cause" CHECK(hold_cause IS NULL OR hold_cause IN ('charge_refunded', 'dispute_opened'))
);
--> statement-breakpoint
INSERT INTO `gift_card_redemptions`("id", "user_id", "kind", "reward_id", "method", "credits_spent", "value_cents", "user_email", "payout_handle", "country", "status", "note", "transaction_id", "decision_id", "decided_by", "decided_at", "created_at", "updated_at", "hold_cause", "hold_payment_id", "held_at") SELECT "id", "user_id", "kind", "reward_id", "method", "credits_spent", "value_cents", "user_email", "payout_handle", "country", "status", "note", "transaction_id", "decision_id", "decided_by", "decided_at", "created_at", "updated_at", "hold_cause", "hold_payment_id", "held_at" FROM `gift_card_redemptions_before_shards`;--> statement-breakpoint
DROP TABLE `gift_card_redemptions_before_shards`;--> statement-breakpoint
CREATE UNIQUE INDEX `gift_card_redemptions_transaction_id_unique` ON `gift_card_redemptions` (`transaction_id`);--> statement-breakpoint
CREATE INDEX gift_card_redemptions_user ON gift_card_redemptions(user_id, created_at DESC, id DESC);--> statement-breakpoint
CREATE INDEX gift_card_redemptions_status ON gift_card_redemptions(status, created_at, id);--> statement-breakpoint
CREATE INDEX gift_card_redemptions_payout_email ON gift_card_redemptions(user_email COLLATE NOCASE);
