CREATE TABLE `checkout_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`usd_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `checkout_attempts_user` ON `checkout_attempts` (`user_id`,"created_at" desc);--> statement-breakpoint
CREATE TABLE `play_blocks` (
	`user_id` text PRIMARY KEY NOT NULL,
	`break_until` integer,
	`excluded_until` integer,
	`exclusion_ends_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `play_limits` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`period` text NOT NULL,
	`amount` integer,
	`effective_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "play_limits_kind" CHECK(kind IN ('spend', 'purchase')),
	CONSTRAINT "play_limits_period" CHECK(period IN ('day', 'week', 'month')),
	CONSTRAINT "play_limits_amount" CHECK(amount IS NULL OR amount >= 0)
);
--> statement-breakpoint
CREATE INDEX `play_limits_current` ON `play_limits` (`user_id`,`kind`,`period`,"effective_at" desc,"created_at" desc);