-- Emails wait in the player's database, written in the batch of what they tell of, until a sender takes them (email-deliveries.ts).
CREATE TABLE `email_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`to_email` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_deliveries_due` ON `email_deliveries` (`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_deliveries_user` ON `email_deliveries` (`user_id`);