-- Imports (issue 30, docs/decisions/046-import-mapping.md and 047-import-runner.md): one row per import with its state
-- and progress, the source key of every item an import wrote (so a second import of the same file updates instead of
-- duplicating, and an editor sees where an item came from), and the old URL paths that answer 301 to the new ones.
-- Written by hand.
CREATE TABLE `imports` (
	`id` text PRIMARY KEY NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`source_kind` text NOT NULL,
	`file_key` text NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`file_size` integer DEFAULT 0 NOT NULL,
	`media_key` text,
	`counts` text DEFAULT '{}' NOT NULL,
	`cursor` text DEFAULT '{}' NOT NULL,
	`report` text DEFAULT '{}' NOT NULL,
	`author_map` text DEFAULT '{}' NOT NULL,
	`error` text,
	`leased_until` integer,
	`created_by` text REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);--> statement-breakpoint
CREATE INDEX `imports_created` ON `imports` (`created_at`, `id`);--> statement-breakpoint
CREATE INDEX `imports_state` ON `imports` (`state`, `updated_at`);--> statement-breakpoint
CREATE TABLE `import_sources` (
	`source_kind` text NOT NULL,
	`source_site` text NOT NULL,
	`source_id` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`import_id` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`source_kind`, `source_site`, `source_id`, `entity_type`)
);--> statement-breakpoint
CREATE INDEX `import_sources_entity` ON `import_sources` (`entity_id`);--> statement-breakpoint
CREATE TABLE `redirects` (
	`path` text PRIMARY KEY NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`import_id` text,
	`created_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `redirects_entity` ON `redirects` (`entity_id`);
