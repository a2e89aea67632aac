CREATE TABLE `article_categories` (
	`article_id` text NOT NULL,
	`category_id` text NOT NULL,
	`ordinal` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`article_id`, `category_id`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_categories_category` ON `article_categories` (`category_id`,`ordinal`);--> statement-breakpoint
CREATE TABLE `article_media` (
	`id` text PRIMARY KEY NOT NULL,
	`article_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`blob_key` text NOT NULL,
	`thumbnail_millis` integer,
	`thumbnail_key` text,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `article_media_ordinal` ON `article_media` (`article_id`,`ordinal`);--> statement-breakpoint
CREATE TABLE `articles` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`teaser` text DEFAULT '' NOT NULL,
	`type` text DEFAULT 'text' NOT NULL,
	`channel_id` text,
	`user_id` text NOT NULL,
	`thumbnail_key` text,
	`published` integer DEFAULT false NOT NULL,
	`published_at_category` integer DEFAULT false NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`restricted` integer DEFAULT false NOT NULL,
	`is_ad` integer DEFAULT false NOT NULL,
	`is_editorial` integer DEFAULT false NOT NULL,
	`media_kind` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `articles_slug_unique` ON `articles` (`slug`);--> statement-breakpoint
CREATE INDEX `articles_channel` ON `articles` (`channel_id`);--> statement-breakpoint
CREATE INDEX `articles_user` ON `articles` (`user_id`);--> statement-breakpoint
CREATE INDEX `articles_created` ON `articles` (`created_at`);--> statement-breakpoint
CREATE TABLE `blobs` (
	`key` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_id` text,
	`title` text NOT NULL,
	`image_key` text,
	`slug` text NOT NULL,
	`ordinal` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE INDEX `categories_parent` ON `categories` (`parent_id`,`ordinal`);--> statement-breakpoint
CREATE TABLE `channel_categories` (
	`channel_id` text NOT NULL,
	`category_id` text NOT NULL,
	`ordinal` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`channel_id`, `category_id`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `channel_categories_category` ON `channel_categories` (`category_id`,`ordinal`);--> statement-breakpoint
CREATE TABLE `channels` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`user_id` text NOT NULL,
	`info_text` text DEFAULT '' NOT NULL,
	`portrait_key` text,
	`banner_key` text,
	`cover_kind` text,
	`cover_key` text,
	`cover_thumbnail_millis` integer,
	`hidden` integer DEFAULT false NOT NULL,
	`private` integer DEFAULT false NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`restricted` integer DEFAULT false NOT NULL,
	`is_ad` integer DEFAULT false NOT NULL,
	`article_ordinals` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channels_slug_unique` ON `channels` (`slug`);--> statement-breakpoint
CREATE INDEX `channels_user` ON `channels` (`user_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`message` text NOT NULL,
	`channel_name` text,
	`purpose` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `content_access` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content_id` text NOT NULL,
	`content_type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_access_unique` ON `content_access` (`user_id`,`content_id`);--> statement-breakpoint
CREATE INDEX `content_access_content` ON `content_access` (`content_id`);--> statement-breakpoint
CREATE TABLE `content_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content_id` text NOT NULL,
	`content_type` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `content_requests_content` ON `content_requests` (`content_id`);--> statement-breakpoint
CREATE INDEX `content_requests_user` ON `content_requests` (`user_id`);--> statement-breakpoint
CREATE TABLE `image_options` (
	`blob_key` text PRIMARY KEY NOT NULL,
	`position` text DEFAULT '50% 50%' NOT NULL,
	`scale` real DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `login_failures` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `news` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`teaser` text DEFAULT '' NOT NULL,
	`ref_kind` text NOT NULL,
	`ref_id` text NOT NULL,
	`thumbnail_key` text,
	`user_id` text NOT NULL,
	`published_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `news_published` ON `news` (`published_at`);--> statement-breakpoint
CREATE INDEX `news_ref` ON `news` (`ref_id`);--> statement-breakpoint
CREATE TABLE `publication_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content_id` text NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`expiration_date` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `publication_requests_status` ON `publication_requests` (`status`,`expiration_date`);--> statement-breakpoint
CREATE INDEX `publication_requests_content` ON `publication_requests` (`content_id`);--> statement-breakpoint
CREATE TABLE `slugs` (
	`slug` text PRIMARY KEY NOT NULL,
	`entity_id` text NOT NULL,
	`entity_kind` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `slugs_entity` ON `slugs` (`entity_id`);--> statement-breakpoint
CREATE TABLE `user_articles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_articles_unique` ON `user_articles` (`user_id`,`content_id`);--> statement-breakpoint
CREATE TABLE `user_channels` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_channels_unique` ON `user_channels` (`user_id`,`content_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`role` text DEFAULT 'REGULAR_USER' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_name_unique` ON `users` (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));