import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The elements package is the repository root, which npm workspaces do not link into node_modules;
// its package.json exports open-passage/dist/components/* from dist/open-passage/.
const elementModules = fileURLToPath(new URL('../dist/open-passage', import.meta.url));
const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [{ find: /^open-passage\/dist\/components/, replacement: elementModules }] },
  build: {
    target: 'es2022',
    sourcemap: false,
    // index.html is prerendered with the portfolio (scripts/prerender.mjs); app.html is the empty shell the
    // server sends for every other page.
    rollupOptions: { input: { index: page('index.html'), app: page('app.html') } },
  },
  server: {
    proxy: {
      '/v1': 'http://localhost:8080',
      '/api': 'http://localhost:8080',
      '/dev': 'http://localhost:8080',
    },
  },
});
