CREATE TABLE `rate_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_counters_last` ON `rate_counters` (`last_at`);--> statement-breakpoint
DROP TABLE `login_failures`;