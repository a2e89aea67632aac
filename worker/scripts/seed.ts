// `npm run seed [-- --articles N] [--persist-to DIR]`: the local demo portal, and optionally N more articles.
// The demo is written only into an empty database (no users), so running this twice, or on every
// `npm start`, never duplicates anything. Data goes where `wrangler dev` reads it (see seed-lib.ts).
import { parseArgs } from 'node:util';
import { seedDemo } from './seed-demo';
import { DEMO_PASSWORD, DEMO_USERS } from './seed-demo-content';
import { assertMigrated, countUsers, openLocalBindings } from './seed-lib';
import { seedScale } from './seed-scale';

const USAGE = `Usage: npm run seed -- [--articles N] [--persist-to DIR]
  Seeds the demo portal into the local database when it has no users yet.
  --articles N      then adds N more published articles over the existing channels and categories
  --persist-to DIR  the state folder, as for \`wrangler dev --persist-to\` (default .wrangler/state)`;

async function main(): Promise<void> {
  // No internet here or in CI: wrangler must not try to reach Cloudflare (start.sh sets these too).
  process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
  process.env.WRANGLER_SEND_METRICS ??= 'false';
  const { values } = parseArgs({
    options: {
      articles: { type: 'string' },
      'persist-to': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const extra = values.articles === undefined ? 0 : Number(values.articles);
  if (!Number.isInteger(extra) || extra < 0)
    throw new Error(`--articles needs a whole number, got ${values.articles}\n${USAGE}`);

  const started = performance.now();
  const local = await openLocalBindings(values['persist-to']);
  try {
    await assertMigrated(local.env);
    if ((await countUsers(local.db)) === 0) {
      const s = await seedDemo(local.env, local.db);
      console.log(
        `Seeded the demo portal: ${s.users} users, ${s.categories} categories, ${s.channels} channels, ` +
          `${s.articles} articles (${s.publishedArticles} published), ${s.news} news items, ${s.files} files ` +
          `(${(s.bytes / 1024).toFixed(0)} KiB) in ${Math.round(performance.now() - started)} ms.`,
      );
      console.log(
        `Demo users (local only), password '${DEMO_PASSWORD}': ${DEMO_USERS.map((u) => `${u.name} (${u.role})`).join(', ')}.`,
      );
    } else if (extra === 0) {
      console.log('The local database already has users: demo seed skipped (delete .wrangler/state to start over).');
    }
    if (extra > 0) {
      console.log(`Adding ${extra} articles...`);
      const s = await seedScale(local.env, local.db, extra, (line) => console.log(line));
      console.log(
        `Added ${s.articles} published articles over ${s.channels} channels and ${s.categories} categories ` +
          `in ${s.statements} statements, ${(s.millis / 1000).toFixed(1)} s.`,
      );
    }
  } finally {
    await local.dispose();
  }
  console.log(
    `Seed finished in ${((performance.now() - started) / 1000).toFixed(1)} s (with starting the local bindings).`,
  );
}

// Exit explicitly: wrangler leaves handles open after dispose() (its update check waits on a network
// that is not there), which would keep the process alive for seconds doing nothing.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
