import { createRoot } from 'react-dom/client';
import { App } from './app';
import './styles.css';

// Landing on /, the news start loading as soon as the home view's module is here (index.html preloads it with
// the entry), not once the shell has rendered it.
if (location.pathname === '/') void import('./routes/home/index').then((home) => home.prefetchFeed());

createRoot(document.getElementById('root')!).render(<App />);
