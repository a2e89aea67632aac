import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { primeFramings } from './components/picture';
import { installHistoryGate } from './components/screen-kit/history-gate';
import { fixedSeed, PAGE_DATA_ID, type PageData } from './data/seed';
import { loadMessages } from './i18n';
import './styles.css';
import './page-styles';

/** What the worker put into a server-rendered page (worker/pages/render.tsx); null for the bare SPA page. */
function pageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  // Before the router: the leave guard sees Back and Forward first.
  installHistoryGate();
  const root = document.getElementById('root')!;
  const data = pageData();
  if (!data) {
    // The page as Vite serves it in development: the browser renders it alone.
    createRoot(root).render(<App />);
    return;
  }
  // The answers the HTML was drawn with are the first render's (web/data/seed.tsx): not asked for again.
  primeFramings(data.framings);
  const start = {
    locale: data.locale,
    languages: data.languages,
    basename: data.basename,
    messages: await loadMessages(data.locale),
    user: data.user,
    seed: fixedSeed(data.queries, data.errors),
  };
  const app = <App start={start} />;
  if (data.rendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
