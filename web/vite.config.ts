import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = import.meta.dirname;

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:8787' },
  },
});
