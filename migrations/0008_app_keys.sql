-- Keys the worker makes for itself, once per database (written by hand, decision 003): the signing key of the
-- device cookies. Made on first use with INSERT OR IGNORE, so every location reads the same one from D1.
CREATE TABLE `app_keys` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL
);
