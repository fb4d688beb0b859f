ALTER TABLE `daily_claims` ADD `tz` integer;--> statement-breakpoint
CREATE INDEX `daily_claims_user_time` ON `daily_claims` (`user_id`,`created_at`);