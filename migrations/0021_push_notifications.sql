CREATE TABLE `notification_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`picks` integer DEFAULT 1 NOT NULL,
	`streaks` integer DEFAULT 1 NOT NULL,
	`redemptions` integer DEFAULT 1 NOT NULL,
	`contests` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `push_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`notice` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `push_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_deliveries_notice_json" CHECK(json_valid(notice))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_deliveries_subscription_id_dedupe_key_unique` ON `push_deliveries` (`subscription_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `push_deliveries_due` ON `push_deliveries` (`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user` ON `push_subscriptions` (`user_id`);