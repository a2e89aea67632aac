-- The walk-through's fixes (docs/decisions/031-account-deletion-and-notices.md). Written by hand: columns only, no
-- table rebuild, so no foreign key is touched.
-- A user's language, for the mails sent to them (access decisions, publication decisions); the SPA sets it.
ALTER TABLE `users` ADD `locale` text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
-- Set when the account was deleted but its row stays anonymised, because it still owns editor content.
ALTER TABLE `users` ADD `deleted_at` integer;--> statement-breakpoint
-- Why ADMIN rejected a publication request (optional; the editor sees it), and who decided or unpublished.
ALTER TABLE `publication_requests` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `publication_requests` ADD `decided_by` text REFERENCES `users`(`id`) ON DELETE SET NULL;--> statement-breakpoint
-- Slugs an entity had before a rename keep resolving to it (the SPA replaces the address with the current one).
ALTER TABLE `slugs` ADD `current` integer DEFAULT 1 NOT NULL;
