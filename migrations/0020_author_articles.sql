-- An author's page (docs/decisions/041-pages-and-urls.md): `where user_id = ? and published = 1 ... order by
-- created_at desc, id desc limit n`, keyset-paged. articles_user (user_id, id) finds the owner's rows but leaves
-- them to be sorted by time on every page; with the time after the owner each page is an index range, read
-- backwards. Written by hand: one index.
CREATE INDEX `articles_user_created` ON `articles` (`user_id`, `created_at`, `id`);
