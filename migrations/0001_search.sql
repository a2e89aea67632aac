-- Full-text index over articles, channels and categories (hand-written: drizzle-kit has no virtual tables).
-- unicode61 with remove_diacritics 2 folds accents, so 'cafe' finds 'Café'.
-- Triggers keep it in step with the tables inside the same statement, so no write can leave it behind.
CREATE VIRTUAL TABLE `search_index` USING fts5(
	`kind` UNINDEXED,
	`entity_id` UNINDEXED,
	`title`,
	`body`,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_search_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO `search_index` (`kind`, `entity_id`, `title`, `body`) VALUES ('article', new.`id`, new.`title`, new.`teaser` || ' ' || new.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_search_update` AFTER UPDATE OF `title`, `teaser`, `description` ON `articles` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'article';
	INSERT INTO `search_index` (`kind`, `entity_id`, `title`, `body`) VALUES ('article', new.`id`, new.`title`, new.`teaser` || ' ' || new.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_search_delete` AFTER DELETE ON `articles` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'article';
END;
--> statement-breakpoint
CREATE TRIGGER `channels_search_insert` AFTER INSERT ON `channels` BEGIN
	INSERT INTO `search_index` (`kind`, `entity_id`, `title`, `body`) VALUES ('channel', new.`id`, new.`name`, new.`info_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `channels_search_update` AFTER UPDATE OF `name`, `info_text` ON `channels` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'channel';
	INSERT INTO `search_index` (`kind`, `entity_id`, `title`, `body`) VALUES ('channel', new.`id`, new.`name`, new.`info_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `channels_search_delete` AFTER DELETE ON `channels` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'channel';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_search_insert` AFTER INSERT ON `categories` BEGIN
	INSERT INTO `search_index` (`kind`, `entity_id`, `title`, `body`) VALUES ('category', new.`id`, new.`title`, '');
END;
--> statement-breakpoint
CREATE TRIGGER `categories_search_update` AFTER UPDATE OF `title` ON `categories` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'category';
	INSERT INTO `search_index` (`kind`, `entity_id`, `title`, `body`) VALUES ('category', new.`id`, new.`title`, '');
END;
--> statement-breakpoint
CREATE TRIGGER `categories_search_delete` AFTER DELETE ON `categories` BEGIN
	DELETE FROM `search_index` WHERE `entity_id` = old.`id` AND `kind` = 'category';
END;
