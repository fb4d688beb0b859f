CREATE TABLE `daily_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`streak` integer NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "daily_claims_streak" CHECK(streak >= 1),
	CONSTRAINT "daily_claims_amount" CHECK(amount > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_claims_user_day` ON `daily_claims` (`user_id`,`day`);