import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const source = fileURLToPath(new URL('./production.ts', import.meta.url));

/** isProduction() as a browser runs it (no `process`) after a bundler built the page with `define`. */
async function inBrowser(define: Record<string, string>): Promise<boolean> {
  const bundle = await build({
    entryPoints: [source],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'panel',
    platform: 'neutral',
    define,
  });
  return runInNewContext(`${bundle.outputFiles[0]!.text}; panel.isProduction()`, {}) as boolean;
}

describe('isProduction', () => {
  it('is true in a bundle built for production, where the browser has no process', async () => {
    expect(await inBrowser({ 'process.env.NODE_ENV': '"production"' })).toBe(true);
  });

  it('is false in a development bundle and in a page no bundler touched', async () => {
    expect(await inBrowser({ 'process.env.NODE_ENV': '"development"' })).toBe(false);
    expect(await inBrowser({})).toBe(false);
  });
});
