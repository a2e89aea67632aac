-- The export's keyset pages of one owner's content (docs/decisions/036-export.md): `where user_id = ? and id > ?
-- order by id limit n` is an index range only when the index holds the id after the owner. Without it SQLite read all
-- of the owner's rows and sorted them for every page (an editor with 37,000 articles: 12 s of CPU instead of 3).
-- Written by hand: indexes only. articles_user and channels_user keep their names and serve every query by owner
-- that the single-column index served; news had no index by owner.
DROP INDEX `articles_user`;--> statement-breakpoint
CREATE INDEX `articles_user` ON `articles` (`user_id`, `id`);--> statement-breakpoint
DROP INDEX `channels_user`;--> statement-breakpoint
CREATE INDEX `channels_user` ON `channels` (`user_id`, `id`);--> statement-breakpoint
CREATE INDEX `news_user` ON `news` (`user_id`, `id`);
