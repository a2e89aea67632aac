CREATE INDEX `article_media_blob` ON `article_media` (`blob_key`);--> statement-breakpoint
CREATE INDEX `article_media_thumbnail` ON `article_media` (`thumbnail_key`);--> statement-breakpoint
CREATE INDEX `articles_thumbnail` ON `articles` (`thumbnail_key`);--> statement-breakpoint
CREATE INDEX `categories_image` ON `categories` (`image_key`);--> statement-breakpoint
CREATE INDEX `channels_portrait` ON `channels` (`portrait_key`);--> statement-breakpoint
CREATE INDEX `channels_banner` ON `channels` (`banner_key`);--> statement-breakpoint
CREATE INDEX `channels_cover` ON `channels` (`cover_key`);--> statement-breakpoint
CREATE INDEX `news_thumbnail` ON `news` (`thumbnail_key`);