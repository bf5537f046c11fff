import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath, routedPath } from './api-paths.js';
import { SitePage, sendSitePage } from './site-page.js';

/** A script the site adds to some of its pages. */
export interface PageScript {
  pages: readonly string[];
  /** The `<script>` element, ahead of `</body>`. */
  tag: string;
}

interface SiteRoutes {
  /** The page paths; null when the site lists none, and then every path counts as a page. */
  pages: Set<string> | null;
  /** The prerendered page file of a path (relative to the site's root), for the pages that have one. */
  prerendered: Map<string, string>;
}

/**
 * The site's routes, from the routes.json its build writes
 * (`{"pages": ["/", "/passage"], "prerendered": {"/passage": "pages/passage.html"}}`).
 */
function readRoutes(root: string): SiteRoutes {
  const file = join(root, 'routes.json');
  if (!existsSync(file)) return { pages: null, prerendered: new Map() };
  const { pages, prerendered = {} } = JSON.parse(readFileSync(file, 'utf8')) as {
    pages?: unknown;
    prerendered?: unknown;
  };
  if (!Array.isArray(pages) || !pages.every((page) => typeof page === 'string')) {
    throw new Error(`${file}: "pages" must be a list of paths`);
  }
  const files = typeof prerendered === 'object' && prerendered !== null ? Object.entries(prerendered) : [];
  if (
    Array.isArray(prerendered) ||
    !files.every(([, page]) => typeof page === 'string' && /^[\w-]+(\/[\w-]+)*\.html$/.test(page))
  ) {
    throw new Error(`${file}: "prerendered" must map paths to .html files below the site`);
  }
  return { pages: new Set(pages), prerendered: new Map(files as [string, string][]) };
}

const pathOf = (url: string) => routedPath(url).replace(/(.)\/+$/, '$1');

/** The HTML pages, served with a nonce of their own (site-page.ts), never as files. */
const PAGE_FILES = ['index.html', 'app.html'];
const PAGES_FOLDER = 'pages/**';

/**
 * Serves the built demo. `/` is index.html, prerendered with the portfolio; a page prerendered on its own
 * (routes.json's `prerendered`) is its file; any other GET that wants HTML gets the demo's app shell
 * (app.html: the router without the portfolio) so client-side routes work — with a 404 status when the
 * path is none of the site's pages, so crawlers and tools see what users see.
 */
export interface StaticSite {
  root: string;
  /** Whether the site answers this path with a page (every path when it lists no pages). */
  hasPage(path: string): boolean;
}

/**
 * Returns the site it serves, or null when `root` is null or holds no index.html. `pageScript` adds a
 * script to some of its pages (the debug panel in development).
 */
export async function registerStaticSite(
  app: FastifyInstance,
  root: string | null,
  pageScript: PageScript | null = null,
): Promise<StaticSite | null> {
  const hasSite = root !== null && existsSync(join(root, 'index.html'));
  const index = hasSite ? new SitePage(join(root, 'index.html')) : null;
  const shell = hasSite && existsSync(join(root, 'app.html')) ? new SitePage(join(root, 'app.html')) : index;
  const { pages, prerendered } = hasSite ? readRoutes(root) : { pages: null, prerendered: new Map() };
  const pageFiles = new Map<string, SitePage>();
  if (hasSite) for (const [path, file] of prerendered) pageFiles.set(path, new SitePage(join(root, file)));
  if (hasSite) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      globIgnore: [...PAGE_FILES.flatMap((file) => [file, `${file}.*`]), PAGES_FOLDER],
      // The build writes .br/.gz beside each file (demo/vite.config.ts): no compression per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        // Hashed build assets never change; other files must be revalidated so a deploy shows at once.
        const hashed = /[\\/]assets[\\/]/.test(path);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url);
    const path = pathOf(request.url);
    // A listed page is HTML for any client (`curl /passage` too); another path only when HTML is wanted.
    const listed = path === '/' || (pages?.has(path) ?? false);
    const wantsHtml = listed || (request.headers.accept?.includes('text/html') ?? false);
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (index && shell && !isApi && reads && wantsHtml) {
      const known = pages === null || listed;
      const addition = pageScript?.pages.includes(path) ? pageScript.tag : '';
      const page = path === '/' ? index : (pageFiles.get(path) ?? shell);
      return sendSitePage(request, reply, page, known ? 200 : 404, addition);
    }
    return reply
      .status(404)
      .send({ code: 'not_found', error: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
  return hasSite ? { root, hasPage: (path) => pages === null || pages.has(path) } : null;
}
