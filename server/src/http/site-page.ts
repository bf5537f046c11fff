import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cspNonce } from './security-headers.js';

/** Every occurrence in a page of the site becomes the answer's CSP nonce (docs/server/configuration.md). */
const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const compress = {
  // Quality 5: about 2 ms for the demo's 66 kB page, 10 % larger than the build's quality 11 (120 ms).
  br: (html: string) => brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html: string) => gzipped(html, { level: 6 }),
};

/**
 * One HTML page of the site, read once and again whenever its file changes (a deploy shows at once),
 * kept split at the nonce placeholder.
 */
export class SitePage {
  #parts: string[] = [];
  #version = '';

  constructor(readonly file: string) {}

  async render(nonce: string): Promise<string> {
    const { mtimeMs, size } = await stat(this.file);
    const version = `${mtimeMs}:${size}`;
    if (version !== this.#version) {
      this.#parts = (await readFile(this.file, 'utf8')).split(CSP_NONCE_PLACEHOLDER);
      this.#version = version;
    }
    return this.#parts.join(nonce);
  }
}

/**
 * Answers with the page, its placeholders replaced by a fresh nonce and compressed for this answer
 * (the build's precompressed files would carry one fixed nonce). No ETag or Last-Modified: a 304 would
 * pair the cached page's old nonce with this answer's policy.
 */
export async function sendSitePage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: SitePage,
  status: number,
  /** Markup added ahead of `</body>` (a development script, see dev/debug-panel.ts). */
  addition = '',
): Promise<FastifyReply> {
  const rendered = await page.render(cspNonce(reply));
  const html = addition ? rendered.replace(/<\/body>(?![\s\S]*<\/body>)/, `${addition}</body>`) : rendered;
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS);
  if (encoding === null) return reply.send(html);
  return reply.header('Content-Encoding', encoding).send(await compress[encoding](html));
}
