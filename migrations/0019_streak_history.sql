CREATE TABLE `streak_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`question_id` text NOT NULL,
	`pick_id` text NOT NULL,
	`settlement_version` integer NOT NULL,
	`previous_result` text NOT NULL,
	`result` text NOT NULL,
	`from_outcome` text,
	`to_outcome` text NOT NULL,
	`reason` text,
	`streak_before` integer NOT NULL,
	`streak_after` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `streak_events_user` ON `streak_events` (`user_id`,"created_at" desc,"id" desc);--> statement-breakpoint
CREATE UNIQUE INDEX `streak_events_pick_version` ON `streak_events` (`pick_id`,`settlement_version`);--> statement-breakpoint
ALTER TABLE `questions` ADD `outcome_changed_from` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `outcome_reason` text;