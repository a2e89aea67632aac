-- Account and upload hygiene (docs/decisions/003, 004). Written by hand.
-- Sessions: a label of the device (browser and system, from the User-Agent at sign-in), for the list of one's sessions.
ALTER TABLE `sessions` ADD `device` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Files are recorded before their content is written: while an R2 multipart upload of one is in progress, its id is
-- kept here, so the Cron Trigger can abort the upload of a request that died midway.
ALTER TABLE `blobs` ADD `r2_upload_id` text;--> statement-breakpoint
-- The Cron Trigger's sweep of files no entity shows, oldest first.
CREATE INDEX `blobs_created` ON `blobs` (`created_at`);
