-- Queue messages that ran out of retries, kept per queue for the health page (worker/features/dead-letters).
CREATE TABLE `dead_letters` (
	`id` text PRIMARY KEY NOT NULL,
	`queue` text NOT NULL,
	`body` text NOT NULL,
	`attempts` integer NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dead_letters_queue_idx` ON `dead_letters` (`queue`,`received_at`);