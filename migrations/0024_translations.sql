-- Content in many languages (issue 29, docs/decisions/054-translations.md). Written by hand: new tables and added
-- columns only, nothing rebuilt.
--
-- Each item keeps its text in its own row, in its source `language` (the configured default for everything written
-- before this migration). A translation is one row per (item, language) in the kind's translation table: its own
-- slug, text, draft/published state and version. `text_version` on the item counts changes of its translatable text
-- (kept by the triggers below; the app never writes it); a translation remembers the one it was saved against
-- (`source_text_version`), and is outdated while the item's is higher.
ALTER TABLE `articles` ADD `language` text DEFAULT 'en-US' NOT NULL;
--> statement-breakpoint
ALTER TABLE `articles` ADD `text_version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `channels` ADD `language` text DEFAULT 'en-US' NOT NULL;
--> statement-breakpoint
ALTER TABLE `channels` ADD `text_version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `categories` ADD `language` text DEFAULT 'en-US' NOT NULL;
--> statement-breakpoint
ALTER TABLE `categories` ADD `text_version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `categories` ADD `description` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `news` ADD `language` text DEFAULT 'en-US' NOT NULL;
--> statement-breakpoint
ALTER TABLE `news` ADD `text_version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `articles_text_version` AFTER UPDATE OF `title`, `teaser`, `body` ON `articles`
WHEN old.`title` IS NOT new.`title` OR old.`teaser` IS NOT new.`teaser` OR old.`body` IS NOT new.`body` BEGIN
	UPDATE `articles` SET `text_version` = old.`text_version` + 1 WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `article_media_text_version_insert` AFTER INSERT ON `article_media` WHEN new.`title` <> '' BEGIN
	UPDATE `articles` SET `text_version` = `text_version` + 1 WHERE `id` = new.`article_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `article_media_text_version_update` AFTER UPDATE OF `title` ON `article_media`
WHEN old.`title` IS NOT new.`title` BEGIN
	UPDATE `articles` SET `text_version` = `text_version` + 1 WHERE `id` = new.`article_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `channels_text_version` AFTER UPDATE OF `name`, `info_text` ON `channels`
WHEN old.`name` IS NOT new.`name` OR old.`info_text` IS NOT new.`info_text` BEGIN
	UPDATE `channels` SET `text_version` = old.`text_version` + 1 WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_text_version` AFTER UPDATE OF `title`, `description` ON `categories`
WHEN old.`title` IS NOT new.`title` OR old.`description` IS NOT new.`description` BEGIN
	UPDATE `categories` SET `text_version` = old.`text_version` + 1 WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `news_text_version` AFTER UPDATE OF `title`, `teaser` ON `news`
WHEN old.`title` IS NOT new.`title` OR old.`teaser` IS NOT new.`teaser` BEGIN
	UPDATE `news` SET `text_version` = old.`text_version` + 1 WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TABLE `article_translations` (
	`article_id` text NOT NULL,
	`language` text NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`teaser` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`body` text,
	`media_titles` text DEFAULT '{}' NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`source_text_version` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`article_id`, `language`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `article_translations_slug` ON `article_translations` (`language`, `slug`);
--> statement-breakpoint
CREATE TABLE `channel_translations` (
	`channel_id` text NOT NULL,
	`language` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`info_text` text DEFAULT '' NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`source_text_version` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`channel_id`, `language`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channel_translations_slug` ON `channel_translations` (`language`, `slug`);
--> statement-breakpoint
CREATE TABLE `category_translations` (
	`category_id` text NOT NULL,
	`language` text NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`source_text_version` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`category_id`, `language`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `category_translations_slug` ON `category_translations` (`language`, `slug`);
--> statement-breakpoint
CREATE TABLE `news_translations` (
	`news_id` text NOT NULL,
	`language` text NOT NULL,
	`title` text NOT NULL,
	`teaser` text DEFAULT '' NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`source_text_version` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`news_id`, `language`),
	FOREIGN KEY (`news_id`) REFERENCES `news`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- The slugs a translation had: the current one and the old ones, which keep redirecting (as `slugs` does for the
-- source language). Keyed by language: a German slug may equal an English one.
CREATE TABLE `translation_slugs` (
	`language` text NOT NULL,
	`slug` text NOT NULL,
	`entity_id` text NOT NULL,
	`entity_kind` text NOT NULL,
	`current` integer DEFAULT true NOT NULL,
	PRIMARY KEY(`language`, `slug`)
);
--> statement-breakpoint
CREATE INDEX `translation_slugs_entity` ON `translation_slugs` (`entity_id`, `language`);
--> statement-breakpoint
-- A translation's slugs go with it (also when its item's deletion takes it along).
CREATE TRIGGER `article_translations_slugs_delete` AFTER DELETE ON `article_translations` BEGIN
	DELETE FROM `translation_slugs` WHERE `entity_id` = old.`article_id` AND `language` = old.`language` AND `entity_kind` = 'article';
END;
--> statement-breakpoint
CREATE TRIGGER `channel_translations_slugs_delete` AFTER DELETE ON `channel_translations` BEGIN
	DELETE FROM `translation_slugs` WHERE `entity_id` = old.`channel_id` AND `language` = old.`language` AND `entity_kind` = 'channel';
END;
--> statement-breakpoint
CREATE TRIGGER `category_translations_slugs_delete` AFTER DELETE ON `category_translations` BEGIN
	DELETE FROM `translation_slugs` WHERE `entity_id` = old.`category_id` AND `language` = old.`language` AND `entity_kind` = 'category';
END;
--> statement-breakpoint
-- A revision of a translation names its language; null for the item's own text.
ALTER TABLE `revisions` ADD `language` text;
--> statement-breakpoint
-- The translations a publication request asks for (JSON array of tags); null asks for the item itself.
ALTER TABLE `publication_requests` ADD `languages` text;
--> statement-breakpoint
-- The language of a translation's change; null for the item's own.
ALTER TABLE `audit_log` ADD `language` text;
