CREATE TABLE `score_feed_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`question_id` text NOT NULL,
	`event_id` text NOT NULL,
	`signature` text NOT NULL,
	`before` text NOT NULL,
	`after` text NOT NULL,
	`created_at` integer NOT NULL,
	`dismissed_at` integer,
	`dismissed_by` text,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`dismissed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "score_feed_alerts_before" CHECK(json_valid(before)),
	CONSTRAINT "score_feed_alerts_after" CHECK(json_valid(after))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `score_feed_alerts_question_id_signature_unique` ON `score_feed_alerts` (`question_id`,`signature`);--> statement-breakpoint
CREATE INDEX `score_feed_alerts_open` ON `score_feed_alerts` ("created_at" desc) WHERE dismissed_at IS NULL;--> statement-breakpoint
CREATE TABLE `score_feed_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`question_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "score_feed_challenges_reason" CHECK(length(reason) BETWEEN 5 AND 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `score_feed_challenges_question_id_user_id_unique` ON `score_feed_challenges` (`question_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `score_feed_links` (
	`question_id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`sport` text,
	`home_team` text NOT NULL,
	`away_team` text NOT NULL,
	`starts_at` integer NOT NULL,
	`side_a` text,
	`line` real,
	`state` text DEFAULT 'waiting' NOT NULL,
	`event_status` text DEFAULT 'scheduled' NOT NULL,
	`home_score` integer,
	`away_score` integer,
	`proposed_outcome` text,
	`proposed_at` integer,
	`final_at` integer,
	`finalized_at` integer,
	`checked_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "score_feed_links_state" CHECK(state IN ('waiting', 'proposed', 'challenged', 'final')),
	CONSTRAINT "score_feed_links_event_status" CHECK(event_status IN ('scheduled', 'live', 'final', 'postponed', 'cancelled')),
	CONSTRAINT "score_feed_links_side_a" CHECK(side_a IS NULL OR side_a IN ('home', 'away')),
	CONSTRAINT "score_feed_links_rule" CHECK(side_a IS NOT NULL OR line IS NOT NULL),
	CONSTRAINT "score_feed_links_proposal" CHECK(state = 'waiting' OR (proposed_outcome IS NOT NULL AND final_at IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `score_feed_links_poll` ON `score_feed_links` (`state`,`checked_at`);--> statement-breakpoint
CREATE INDEX `score_feed_links_due` ON `score_feed_links` (`final_at`) WHERE state = 'proposed';--> statement-breakpoint
-- The score feed makes outcomes final on its own, so an audit entry's admin becomes optional beside who acted (actor).
-- SQLite cannot drop NOT NULL in place: the log is rebuilt with every row (each an admin's), its indexes and its
-- append-only triggers, which go with the old table. No table points at the log; D1 refuses foreign_keys=OFF.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_admin_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text,
	`actor` text DEFAULT 'admin' NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL,
	`reason` text,
	`subject_user_id` text,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subject_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "admin_audit_log_before" CHECK(before IS NULL OR json_valid(before)),
	CONSTRAINT "admin_audit_log_after" CHECK(after IS NULL OR json_valid(after)),
	CONSTRAINT "admin_audit_log_actor" CHECK(actor IN ('admin', 'score_feed') AND (actor = 'admin') = (admin_id IS NOT NULL))
);
--> statement-breakpoint
INSERT INTO `__new_admin_audit_log`("id", "admin_id", "action", "entity", "entity_id", "before", "after", "created_at", "reason", "subject_user_id") SELECT "id", "admin_id", "action", "entity", "entity_id", "before", "after", "created_at", "reason", "subject_user_id" FROM `admin_audit_log`;--> statement-breakpoint
DROP TABLE `admin_audit_log`;--> statement-breakpoint
ALTER TABLE `__new_admin_audit_log` RENAME TO `admin_audit_log`;--> statement-breakpoint
CREATE INDEX `admin_audit_log_entity` ON `admin_audit_log` (`entity`,`entity_id`,"created_at" desc);--> statement-breakpoint
CREATE INDEX `admin_audit_log_recent` ON `admin_audit_log` ("created_at" desc);--> statement-breakpoint
CREATE INDEX `admin_audit_log_subject` ON `admin_audit_log` (`subject_user_id`,"created_at" desc) WHERE subject_user_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `admin_audit_log_action` ON `admin_audit_log` (`action`,"created_at" desc);--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_update BEFORE UPDATE ON admin_audit_log
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_delete BEFORE DELETE ON admin_audit_log
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
