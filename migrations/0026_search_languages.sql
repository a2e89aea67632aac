-- Search in the reader's language (issue 29, docs/decisions/056-translated-reads-and-search.md; the index of
-- decision 006 rebuilt). One FTS5 table holds the items' own text (`language` = '') and every translation's
-- (`language` = its tag), kept in step by triggers on the items and on the translation tables, so no write path can
-- forget it; whether a translation is published, and which row answers a reader, is decided when searching.
-- `alternates` holds the German spellings of a text that has ß or umlauts (ß→ss, ä→ae, ö→oe, ü→ue; empty otherwise):
-- unicode61's remove_diacritics already finds 'Müller' by 'muller' but neither 'mueller' nor 'strasse' for 'Straße'. A
-- reader's language chooses at query time whether `alternates` is searched (worker/lib/search-folding.ts).
--> statement-breakpoint
DROP TRIGGER IF EXISTS `articles_search_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `articles_search_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `articles_search_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `channels_search_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `channels_search_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `channels_search_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `categories_search_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `categories_search_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `categories_search_delete`;
--> statement-breakpoint
DROP TABLE IF EXISTS `search_index`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_index` USING fts5(
	`kind` UNINDEXED,
	`entity_id` UNINDEXED,
	`language` UNINDEXED,
	`title`,
	`body`,
	`alternates`,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_search_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('article', new.`id`, '', new.`title`, new.`teaser` || ' ' || new.`description`, CASE WHEN new.`title` || ' ' || new.`teaser` || ' ' || new.`description` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`title` || ' ' || new.`teaser` || ' ' || new.`description`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_search_update` AFTER UPDATE OF `title`, `teaser`, `description` ON `articles` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'article' AND `language` = '';
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('article', new.`id`, '', new.`title`, new.`teaser` || ' ' || new.`description`, CASE WHEN new.`title` || ' ' || new.`teaser` || ' ' || new.`description` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`title` || ' ' || new.`teaser` || ' ' || new.`description`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
-- The item's translations go with it (their own triggers also run on the cascade).
CREATE TRIGGER `articles_search_delete` AFTER DELETE ON `articles` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'article';
END;
--> statement-breakpoint
CREATE TRIGGER `article_translations_search_insert` AFTER INSERT ON `article_translations` BEGIN
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('article', new.`article_id`, new.`language`, new.`title`, new.`teaser` || ' ' || new.`description`, CASE WHEN new.`title` || ' ' || new.`teaser` || ' ' || new.`description` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`title` || ' ' || new.`teaser` || ' ' || new.`description`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `article_translations_search_update` AFTER UPDATE OF `title`, `teaser`, `description` ON `article_translations` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`article_id` AND `kind` = 'article' AND `language` = old.`language`;
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('article', new.`article_id`, new.`language`, new.`title`, new.`teaser` || ' ' || new.`description`, CASE WHEN new.`title` || ' ' || new.`teaser` || ' ' || new.`description` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`title` || ' ' || new.`teaser` || ' ' || new.`description`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `article_translations_search_delete` AFTER DELETE ON `article_translations` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`article_id` AND `kind` = 'article' AND `language` = old.`language`;
END;
--> statement-breakpoint
CREATE TRIGGER `channels_search_insert` AFTER INSERT ON `channels` BEGIN
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('channel', new.`id`, '', new.`name`, new.`info_text`, CASE WHEN new.`name` || ' ' || new.`info_text` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`name` || ' ' || new.`info_text`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `channels_search_update` AFTER UPDATE OF `name`, `info_text` ON `channels` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'channel' AND `language` = '';
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('channel', new.`id`, '', new.`name`, new.`info_text`, CASE WHEN new.`name` || ' ' || new.`info_text` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`name` || ' ' || new.`info_text`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
-- The item's translations go with it (their own triggers also run on the cascade).
CREATE TRIGGER `channels_search_delete` AFTER DELETE ON `channels` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'channel';
END;
--> statement-breakpoint
CREATE TRIGGER `channel_translations_search_insert` AFTER INSERT ON `channel_translations` BEGIN
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('channel', new.`channel_id`, new.`language`, new.`name`, new.`info_text`, CASE WHEN new.`name` || ' ' || new.`info_text` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`name` || ' ' || new.`info_text`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `channel_translations_search_update` AFTER UPDATE OF `name`, `info_text` ON `channel_translations` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`channel_id` AND `kind` = 'channel' AND `language` = old.`language`;
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('channel', new.`channel_id`, new.`language`, new.`name`, new.`info_text`, CASE WHEN new.`name` || ' ' || new.`info_text` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`name` || ' ' || new.`info_text`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `channel_translations_search_delete` AFTER DELETE ON `channel_translations` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`channel_id` AND `kind` = 'channel' AND `language` = old.`language`;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_search_insert` AFTER INSERT ON `categories` BEGIN
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('category', new.`id`, '', new.`title`, '', CASE WHEN new.`title` || ' ' || '' GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`title` || ' ' || '', 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `categories_search_update` AFTER UPDATE OF `title` ON `categories` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'category' AND `language` = '';
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('category', new.`id`, '', new.`title`, '', CASE WHEN new.`title` || ' ' || '' GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`title` || ' ' || '', 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
-- The item's translations go with it (their own triggers also run on the cascade).
CREATE TRIGGER `categories_search_delete` AFTER DELETE ON `categories` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'category';
END;
--> statement-breakpoint
CREATE TRIGGER `category_translations_search_insert` AFTER INSERT ON `category_translations` BEGIN
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('category', new.`category_id`, new.`language`, new.`title`, '', CASE WHEN new.`title` || ' ' || '' GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`title` || ' ' || '', 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `category_translations_search_update` AFTER UPDATE OF `title` ON `category_translations` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`category_id` AND `kind` = 'category' AND `language` = old.`language`;
	INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`) VALUES ('category', new.`category_id`, new.`language`, new.`title`, '', CASE WHEN new.`title` || ' ' || '' GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(new.`title` || ' ' || '', 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `category_translations_search_delete` AFTER DELETE ON `category_translations` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`category_id` AND `kind` = 'category' AND `language` = old.`language`;
END;
--> statement-breakpoint
-- What the old index held, and the translations written since migration 0024.
--> statement-breakpoint
INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`)
	SELECT 'article', `id`, '', `title`, `teaser` || ' ' || `description`, CASE WHEN `title` || ' ' || `teaser` || ' ' || `description` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(`title` || ' ' || `teaser` || ' ' || `description`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END FROM `articles`;
--> statement-breakpoint
INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`)
	SELECT 'article', `article_id`, `language`, `title`, `teaser` || ' ' || `description`, CASE WHEN `title` || ' ' || `teaser` || ' ' || `description` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(`title` || ' ' || `teaser` || ' ' || `description`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END FROM `article_translations`;
--> statement-breakpoint
INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`)
	SELECT 'channel', `id`, '', `name`, `info_text`, CASE WHEN `name` || ' ' || `info_text` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(`name` || ' ' || `info_text`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END FROM `channels`;
--> statement-breakpoint
INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`)
	SELECT 'channel', `channel_id`, `language`, `name`, `info_text`, CASE WHEN `name` || ' ' || `info_text` GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(`name` || ' ' || `info_text`, 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END FROM `channel_translations`;
--> statement-breakpoint
INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`)
	SELECT 'category', `id`, '', `title`, '', CASE WHEN `title` || ' ' || '' GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(`title` || ' ' || '', 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END FROM `categories`;
--> statement-breakpoint
INSERT INTO `search_index` (`kind`, `entity_id`, `language`, `title`, `body`, `alternates`)
	SELECT 'category', `category_id`, `language`, `title`, '', CASE WHEN `title` || ' ' || '' GLOB '*[ßẞäöüÄÖÜ]*' THEN replace(replace(replace(replace(replace(replace(replace(replace(`title` || ' ' || '', 'ß', 'ss'), 'ẞ', 'SS'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue') ELSE '' END FROM `category_translations`;
