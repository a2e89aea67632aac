-- Pixel sizes of stored pictures, for link previews (og:image:width and og:image:height; docs/decisions/025).
-- Written by hand: columns only, no table rebuild. Rows from before stay NULL until the Cron Trigger reads their
-- headers from R2 (worker/services/picture-sizes.ts).
-- The picture's size as its header declares it (0 × 0: its header could not be read).
ALTER TABLE `blobs` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `blobs` ADD `height` integer;--> statement-breakpoint
-- The smaller copies stored beside it (`{key}@w{w}`, decision 018) as JSON [{w, width, height}]; [] for none.
ALTER TABLE `blobs` ADD `copies` text;
