-- Co-editing (docs/decisions/050-co-editing-rooms.md): a revision a room saved credits everyone who wrote in it. The
-- revision's user_id stays the one who saved (the first of them for a room); this table lists every author. Written
-- by hand; a new table only, nothing rebuilt. A revision's rows go with it (retention), a deleted user's with them.
CREATE TABLE `revision_authors` (
	`revision_id` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`revision_id`, `user_id`),
	FOREIGN KEY (`revision_id`) REFERENCES `revisions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revision_authors_user` ON `revision_authors` (`user_id`);
