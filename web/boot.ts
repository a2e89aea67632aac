// The only script a rendered page names (worker/pages/template.ts): it loads the app once the page's main picture (the
// one with fetchpriority="high", its largest contentful paint) has arrived, or at once when there is none or it is
// there already. On a slow line the picture then has the line to itself instead of sharing it with about 115 KB of
// scripts, which it did even at their low priority (docs/decisions/025-server-rendering.md, "Scripts after the
// picture"). The page is whole and readable before any script runs; only the hydration waits.

/** The app's entry first, then the chunks it imports at once (each fetched in parallel with it). */
const MODULES_ID = 'page-modules';
/** A picture that never finishes (a stalled connection) holds the app back no longer than this. */
const LONGEST_WAIT_MS = 5000;

function startApp(): void {
  const list = document.getElementById(MODULES_ID)?.textContent;
  const [entry, ...imports] = list ? (JSON.parse(list) as string[]) : [];
  if (!entry) return;
  for (const href of imports) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // A script element, not import(): it holds the window's load event until the app has run, as the entry's own
  // <script> did, so whatever waits for the page to load (a test, a measurement) finds it hydrated or hydrating.
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

let started = false;
const once = () => {
  if (started) return;
  started = true;
  startApp();
};
const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
if (!picture || picture.complete) once();
else {
  picture.addEventListener('load', once, { once: true });
  picture.addEventListener('error', once, { once: true });
  setTimeout(once, LONGEST_WAIT_MS);
}
