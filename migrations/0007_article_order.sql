-- The orders of a channel's page and of a category's articles, kept next to the rows they order, so that a page of
-- either is an index range (docs/decisions/020-read-paths.md). drizzle-kit generated the columns and indexes; the
-- backfills (before the indexes, so they are built once) and the triggers are written by hand. The app never writes
-- `articles.channel_rank` or `article_categories.article_title`: the triggers derive them from `channels.article_ordinals`
-- and `articles.title`, so no write path (the app's, a seed's, a test's or an operator's SQL) can leave them behind.
DROP INDEX `article_categories_category`;--> statement-breakpoint
ALTER TABLE `article_categories` ADD `article_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `article_categories` SET `article_title` = (SELECT `title` FROM `articles` WHERE `articles`.`id` = `article_categories`.`article_id`);--> statement-breakpoint
CREATE INDEX `article_categories_order` ON `article_categories` (`category_id`,`ordinal`,`article_title`,`article_id`);--> statement-breakpoint
DROP INDEX `articles_channel`;--> statement-breakpoint
ALTER TABLE `articles` ADD `channel_rank` integer DEFAULT 2147483647 NOT NULL;--> statement-breakpoint
UPDATE `articles` SET `channel_rank` = o.`position`
FROM (
	SELECT c.`id` AS `channel_id`, j.`value` AS `article_id`, min(j.`key`) AS `position`
	FROM `channels` c, json_each(c.`article_ordinals`, '$.main') j
	GROUP BY c.`id`, j.`value`
) AS o
WHERE `articles`.`id` = o.`article_id` AND `articles`.`channel_id` = o.`channel_id`;--> statement-breakpoint
CREATE INDEX `articles_channel_order` ON `articles` (`channel_id`,`channel_rank`,"created_at" desc,`id`);--> statement-breakpoint
-- A new title reaches the category order with the title.
CREATE TRIGGER `articles_category_title` AFTER UPDATE OF `title` ON `articles` BEGIN
	UPDATE `article_categories` SET `article_title` = new.`title` WHERE `article_id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `article_categories_title` AFTER INSERT ON `article_categories` BEGIN
	UPDATE `article_categories` SET `article_title` = (SELECT `title` FROM `articles` WHERE `id` = new.`article_id`)
	WHERE `article_id` = new.`article_id` AND `category_id` = new.`category_id`;
END;--> statement-breakpoint
-- A channel's new articleOrdinals.main: articles it no longer lists go after the listed ones (rank 2147483647), the
-- listed ones take their first position. When main only lost entries (an article deleted or moved out: the rest keep
-- their order) the remaining ranks stay as they are, so removing one article does not rewrite the rank of every
-- article after it; only what must change is written. Two triggers, so that test is made once per update (in a WHEN),
-- not once per row.
CREATE TRIGGER `channels_article_rank_unlisted` AFTER UPDATE OF `article_ordinals` ON `channels`
WHEN old.`article_ordinals` IS NOT new.`article_ordinals` BEGIN
	UPDATE `articles` SET `channel_rank` = 2147483647
	WHERE `channel_id` = new.`id` AND `channel_rank` <> 2147483647
		AND `id` NOT IN (SELECT `value` FROM json_each(new.`article_ordinals`, '$.main') WHERE `value` IS NOT NULL);
END;--> statement-breakpoint
CREATE TRIGGER `channels_article_rank_listed` AFTER UPDATE OF `article_ordinals` ON `channels`
WHEN old.`article_ordinals` IS NOT new.`article_ordinals` AND json_extract(new.`article_ordinals`, '$.main') IS NOT (
	SELECT json_group_array(k.`value`) FROM (
		SELECT `value` FROM json_each(old.`article_ordinals`, '$.main')
		WHERE `value` IN (SELECT `value` FROM json_each(new.`article_ordinals`, '$.main'))
		ORDER BY `key`
	) AS k
) BEGIN
	UPDATE `articles` SET `channel_rank` = o.`position`
	FROM (SELECT `value` AS `article_id`, min(`key`) AS `position` FROM json_each(new.`article_ordinals`, '$.main') GROUP BY `value`) AS o
	WHERE `articles`.`id` = o.`article_id` AND `articles`.`channel_id` = new.`id` AND `articles`.`channel_rank` <> o.`position`;
END;--> statement-breakpoint
-- An article that enters a channel (created in it, or moved) takes its place in that channel's main, if listed there.
CREATE TRIGGER `articles_channel_rank_insert` AFTER INSERT ON `articles`
WHEN new.`channel_id` IS NOT NULL AND new.`channel_rank` IS NOT coalesce((
	SELECT min(j.`key`) FROM `channels` c, json_each(c.`article_ordinals`, '$.main') j WHERE c.`id` = new.`channel_id` AND j.`value` = new.`id`
), 2147483647) BEGIN
	UPDATE `articles` SET `channel_rank` = coalesce((
		SELECT min(j.`key`) FROM `channels` c, json_each(c.`article_ordinals`, '$.main') j WHERE c.`id` = new.`channel_id` AND j.`value` = new.`id`
	), 2147483647)
	WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `articles_channel_rank_move` AFTER UPDATE OF `channel_id` ON `articles`
WHEN old.`channel_id` IS NOT new.`channel_id` BEGIN
	UPDATE `articles` SET `channel_rank` = coalesce((
		SELECT min(j.`key`) FROM `channels` c, json_each(c.`article_ordinals`, '$.main') j WHERE c.`id` = new.`channel_id` AND j.`value` = new.`id`
	), 2147483647)
	WHERE `id` = new.`id`;
END;
