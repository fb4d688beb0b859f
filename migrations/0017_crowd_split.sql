ALTER TABLE `questions` ADD `yes_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `no_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The picks made before the counters existed.
UPDATE questions SET
  yes_count = (SELECT count(*) FROM user_picks p WHERE p.question_id = questions.id AND p.choice = 'yes'),
  no_count = (SELECT count(*) FROM user_picks p WHERE p.question_id = questions.id AND p.choice = 'no');
