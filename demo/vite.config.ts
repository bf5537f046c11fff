import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The elements package is the repository root, which npm workspaces do not link into node_modules;
// its package.json exports open-passage/dist/components/* from dist/open-passage/.
const elementModules = fileURLToPath(new URL('../dist/open-passage', import.meta.url));
const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // .br (quality 11) and .gz (level 9) beside each file of the site, which the server sends as they are
    // (@fastify/static's preCompressed). Not .html: the server templates a nonce into every page answer and
    // compresses it then. Not the build that prerenders: its output is deleted once the pages are written.
    ...(isSsrBuild
      ? []
      : [compression({ include: /\.(js|mjs|css|svg|json|xml|txt|webmanifest|map)$/, threshold: 1024 })]),
  ],
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
}));
