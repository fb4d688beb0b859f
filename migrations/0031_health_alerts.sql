-- The health alerts firing now (admin-health/health-alerts.ts): one row each, so an operator is told once when it begins and once when it ends.
CREATE TABLE `health_alerts` (
	`name` text PRIMARY KEY NOT NULL,
	`message` text NOT NULL,
	`firing_since` integer NOT NULL
);
