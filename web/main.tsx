import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app';
import './styles.css';

createRoot(document.getElementById('root')!).render(<App router={createAppRouter()} />);
