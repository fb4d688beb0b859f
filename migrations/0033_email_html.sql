-- Emails keep their HTML part beside the text, both drawn from one template (worker/features/emails/email-message.ts); null for what was kept before.
ALTER TABLE `email_outbox` ADD `html` text;--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `html` text;