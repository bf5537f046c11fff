import { hostPageAt } from './host/hostPages';
import { hydrateHostPage } from './host/hydrateHostPage';

/**
 * The script of app.html, the page of every path but `/`. The host pages (`/passage`, `/passageSuccess`)
 * arrive prerendered and hydrate without the router; any other path (the error page, or a page the server
 * sent empty, as the Vite dev server does) gets the router shell.
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from app.html');
const routerShell = async () => (await import('./routerShell')).renderRouterShell(root);
const page = root.firstElementChild ? hostPageAt(window.location.pathname) : undefined;
// If the page's code cannot be loaded, the router shell shows the error page.
if (page) hydrateHostPage(root, page).catch(routerShell);
else void routerShell();
