-- Formatted articles, conflicts, revisions, scheduled publication and preview links (written by hand; decisions
-- 027 to 029). No table is rebuilt: every change adds a column or a table.
--
-- articles.body: the article's text as a structured document (schema/document.ts), JSON. NULL for articles written
-- before documents: their document is derived from `description` when read, each paragraph of the text becoming a
-- paragraph (schema/document.ts documentFromText, the same split the article page used), and stored at the next
-- save. `description` keeps the plain text (derived from the document on every save), so the full-text triggers of
-- 0001 go on indexing the document's text unchanged.
ALTER TABLE `articles` ADD `body` text;--> statement-breakpoint
-- Optimistic concurrency: every save names the version it started from and raises it by one (409 otherwise).
ALTER TABLE `articles` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `channels` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `news` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The wished start of a publication; the Cron Trigger publishes an approved request once it is due.
ALTER TABLE `publication_requests` ADD `publish_at` integer;--> statement-breakpoint
CREATE INDEX `publication_requests_start` ON `publication_requests` (`status`,`publish_at`);--> statement-breakpoint
-- Every save of an article, channel or news item: who, when, the saved fields (JSON). Kept with the bounded
-- retention of decision 029; deleted with the item.
CREATE TABLE `revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`version` integer NOT NULL,
	`user_id` text,
	`fields` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE INDEX `revisions_entity` ON `revisions` (`entity_id`,`created_at`);--> statement-breakpoint
-- Shareable read-only previews of one item's latest saved draft: the token is only ever stored as its SHA-256.
CREATE TABLE `preview_links` (
	`id` text PRIMARY KEY NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `preview_links_token` ON `preview_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `preview_links_entity` ON `preview_links` (`entity_id`);
