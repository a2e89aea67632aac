// `npm run load [-- --connections 64] [--duration 60] [--writers 4] [--url URL]`: autocannon keeps N connections
// busy for S seconds on the main reads (news, article and channel lists and pages, categories, search, a file),
// while a write loop creates articles with one title (racing for slugs) and adds images to one article
// (racing for ordinals). Afterwards every written row is read back. Prints errors, non-2xx and
// written-versus-read-back counts; exits 1 when anything failed. Run by hand against `npm start`
// (http://127.0.0.1:${PORT:-8787}); with nothing there it starts a wrangler dev of its own.
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { isServing, signIn, spreadAddress, startLocalServer, type LocalServer } from './local-server';
import { DEMO_PASSWORD } from './seed-demo-content';

const USAGE = `Usage: npm run load -- [--connections N] [--duration S] [--writers W] [--url URL]
  --connections N  concurrent read connections (default 64)
  --duration S     seconds of load (default 60)
  --writers W      concurrent write loops (default 4)
  --url URL        the portal (default http://127.0.0.1:\${PORT:-8787}, as npm start serves it; a fresh
                   wrangler dev of its own when nothing answers there)`;

/** A 1x1 PNG, so uploads pass the content sniffing. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

interface WriteTally {
  attempted: number;
  ok: number;
  non2xx: Record<number, number>;
  errors: number;
  articles: { id: string; slug: string }[];
  imagesAdded: number;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string' },
      duration: { type: 'string' },
      writers: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const connections = Number(values.connections ?? 64);
  const duration = Number(values.duration ?? 60);
  const writers = Number(values.writers ?? 4);
  let server: LocalServer | undefined;
  let url = values.url ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`;
  if (!(await isServing(url))) {
    if (values.url) throw new Error(`nothing answers at ${url}`);
    console.log(`nothing answers at ${url} (npm start): starting a wrangler dev of its own`);
    server = await startLocalServer();
    url = server.url;
  }
  try {
    const editor = await signIn(url, 'editor', DEMO_PASSWORD);
    if (!editor) throw new Error(`cannot sign in as the demo editor at ${url}: is it seeded?`);
    const get = async <T>(path: string, cookie?: string) => {
      const res = await fetch(url + '/api' + path, { headers: cookie ? { Cookie: cookie } : {} });
      return { status: res.status, body: await res.json<{ result: T }>() };
    };

    // What the reads ask for: the SPA's main screens.
    const articles = (await get<{ items: { id: string; thumbnailHref: string | null }[] }>('/articles?limit=10')).body
      .result.items;
    const channels = (await get<{ id: string }[]>('/channels')).body.result;
    const file = articles.find((a) => a.thumbnailHref)?.thumbnailHref;
    const reads: autocannon.Request[] = [
      { method: 'GET', path: '/api/news' },
      { method: 'GET', path: '/api/articles' },
      { method: 'GET', path: '/api/channels' },
      { method: 'GET', path: '/api/categories' },
      ...articles.slice(0, 5).map((a) => ({ method: 'GET' as const, path: `/api/articles/${a.id}` })),
      ...channels.slice(0, 3).flatMap((c) => [
        { method: 'GET' as const, path: `/api/channels/${c.id}` },
        { method: 'GET' as const, path: `/api/channels/${c.id}/articles` },
      ]),
      {
        method: 'POST',
        path: '/api/search/search',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchText: 'al' }),
        // Its own address each time: the search limit per address (decision 021) would refuse a load from one machine.
        setupRequest: spreadAddress,
      },
      ...(file ? [{ method: 'GET' as const, path: file }] : []),
    ];

    // The write loop: one article whose gallery everyone adds to, and new articles that all share one title.
    const title = `Load test ${new Date().toISOString()}`;
    const gallery = await fetch(url + '/api/articles', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: editor },
      body: JSON.stringify({
        title: `${title} gallery`,
        type: 'gallery',
        channelId: null,
        media: { kind: 'gallery', images: [] },
      }),
    }).then((r) => r.json<{ result: { id: string } }>());
    const tally: WriteTally = { attempted: 0, ok: 0, non2xx: {}, errors: 0, articles: [], imagesAdded: 0 };
    let running = true;
    const writeLoop = async (n: number) => {
      for (let i = 0; running; i++) {
        tally.attempted++;
        const addImage = i % 4 === n % 4;
        try {
          let res: Response;
          if (addImage) {
            const form = new FormData();
            form.set('body', JSON.stringify({ images: [{ imageFileTag: 'p', title: `writer ${n} #${i}` }] }));
            form.set('blob:p', new File([PNG], 'p.png', { type: 'image/png' }));
            res = await fetch(`${url}/api/articles/${gallery.result.id}/media/images`, {
              method: 'POST',
              headers: { Cookie: editor },
              body: form,
            });
          } else {
            res = await fetch(url + '/api/articles', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Cookie: editor },
              body: JSON.stringify({ title, type: 'text', channelId: null }),
            });
          }
          const body = await res.json<{ result: { id: string; slug: string } }>();
          if (res.ok) {
            tally.ok++;
            if (addImage) tally.imagesAdded++;
            else tally.articles.push({ id: body.result.id, slug: body.result.slug });
          } else tally.non2xx[res.status] = (tally.non2xx[res.status] ?? 0) + 1;
        } catch {
          tally.errors++;
        }
      }
    };

    console.log(
      `load: ${connections} connections for ${duration} s on ${reads.length} reads, ${writers} write loops, at ${url}`,
    );
    const writing = Promise.all(Array.from({ length: writers }, (_, n) => writeLoop(n)));
    const result = await autocannon({ url, connections, duration, requests: reads, timeout: 30 });
    running = false;
    await writing;

    // Read back every row written: each created article by id (drafts: as their owner), the gallery in full.
    let readBack = 0;
    for (const a of tally.articles) if ((await get(`/articles/${a.id}`, editor)).status === 200) readBack++;
    const shown = await get<{ media: { images?: { ordinal: number }[] } | null }>(
      `/articles/${gallery.result.id}`,
      editor,
    );
    const images = shown.body.result.media?.images ?? [];
    const dense = images.every((img, i) => img.ordinal === i);
    const distinctSlugs = new Set(tally.articles.map((a) => a.slug)).size;

    const rps = result.requests.average;
    console.log(
      `reads: ${result.requests.total} requests in ${result.duration.toFixed(0)} s (${rps.toFixed(0)} req/s), ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
    );
    console.log(
      `writes: ${tally.attempted} attempted, ${tally.ok} 2xx, non-2xx ${JSON.stringify(tally.non2xx)}, errors ${tally.errors} ` +
        `(${tally.articles.length} articles with one title, ${tally.imagesAdded} images added to one article)`,
    );
    console.log(
      `written vs read back: articles ${tally.articles.length} written, ${readBack} read back, ${distinctSlugs} distinct slugs; ` +
        `images ${tally.imagesAdded} added, ${images.length} read back, ordinals ${dense ? 'dense' : 'NOT dense'}`,
    );
    const failed =
      result.errors +
        result.timeouts +
        result.non2xx +
        tally.errors +
        Object.values(tally.non2xx).reduce((a, b) => a + b, 0) >
        0 ||
      readBack !== tally.articles.length ||
      images.length !== tally.imagesAdded ||
      !dense ||
      distinctSlugs !== tally.articles.length;
    return failed ? 1 : 0;
  } finally {
    await server?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
