-- The audit log (docs/decisions/033-audit-log.md). Written by hand: a new table, nothing rebuilt.
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`token_id` text,
	`token_name` text,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`entity_title` text DEFAULT '' NOT NULL,
	`owner_id` text,
	`action` text NOT NULL,
	`fields` text,
	`request_id` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_entity` ON `audit_log` (`entity_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor` ON `audit_log` (`actor_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_owner` ON `audit_log` (`owner_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_action` ON `audit_log` (`action`,`at`);--> statement-breakpoint
-- Append-only: no entry is ever changed. Deleting is left to the Cron Trigger's retention prune.
CREATE TRIGGER `audit_log_append_only` BEFORE UPDATE ON `audit_log`
BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only');
END;
