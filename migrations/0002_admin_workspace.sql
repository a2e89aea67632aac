ALTER TABLE `contact_messages` ADD `read_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_created` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_read` ON `contact_messages` (`read_at`);--> statement-breakpoint
CREATE INDEX `content_requests_status` ON `content_requests` (`status`,`created_at`);