// The @font-face rules: the build inlines this entry's small stylesheet into the prerendered page.
import '@fontsource/work-sans/latin-400.css';
import '@fontsource/work-sans/latin-600.css';
import { hydrateHome } from './hydrateHome';

/**
 * `/` arrives prerendered (scripts/prerender.mjs) and works as a page before any script runs: the nav
 * buttons are links to the anchors. It hydrates without the router, which only the other routes need. Any
 * other path served with this page (the Vite dev server does that) gets the router shell.
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
if (window.location.pathname !== '/') void import('./entry-shell');
else hydrateHome(root);
