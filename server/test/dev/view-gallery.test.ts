import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../../src/http/api-paths.js';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { startTestServer } from '../support/test-server.js';

const www = mkdtempSync(join(tmpdir(), 'open-passage-www-'));
mkdirSync(join(www, 'build'));
writeFileSync(join(www, 'views.html'), '<!doctype html><passage-view-gallery></passage-view-gallery>');
writeFileSync(join(www, 'build', 'open-passage.esm.js'), 'export {};');
afterAll(() => rmSync(www, { recursive: true, force: true }));
// Outside development mode the server needs a mail server for its app.
let mail: SmtpSink;
beforeAll(async () => {
  mail = await startSmtpSink();
});
afterAll(() => mail.stop());

describe('the view gallery (ELEMENTS_WWW_DIR)', () => {
  it('is served in development, as a page under the site policy, with the scripts it loads', async () => {
    const t = await startTestServer({ env: { ELEMENTS_WWW_DIR: www } });
    try {
      expect(t.server.viewGallery).toBe(true);
      for (const path of ['/dev/views', '/dev/views/', '/dev/views?theme=dark']) {
        const page = await t.call('GET', path);
        expect(page.status, path).toBe(200);
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await page.text()).toContain('<passage-view-gallery>');
        const csp = page.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toContain('unsafe-inline');
      }
      const script = await t.call('GET', '/dev/build/open-passage.esm.js');
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toContain('javascript');
      // The outbox beside it is still the API's.
      expect((await t.call('GET', '/dev/outbox')).status).toBe(200);
    } finally {
      await t.stop();
    }
  });

  for (const [label, env] of [
    [
      'with NODE_ENV=production',
      () => ({ ELEMENTS_WWW_DIR: www, NODE_ENV: 'production', SMTP_URL: mail.url }),
    ],
    ['with DEV_MODE=false', () => ({ ELEMENTS_WWW_DIR: www, DEV_MODE: 'false', SMTP_URL: mail.url })],
    ['without ELEMENTS_WWW_DIR', () => ({})],
  ] as const) {
    it(`answers 404 ${label}`, async () => {
      const t = await startTestServer({ env: env() });
      try {
        expect(t.server.viewGallery).toBe(false);
        expect((await t.call('GET', '/dev/views')).status).toBe(404);
        expect((await t.call('GET', '/dev/build/open-passage.esm.js')).status).toBe(404);
      } finally {
        await t.stop();
      }
    });
  }

  it('leaves every other path below /dev/ to the API', () => {
    expect(isApiPath('/dev/views')).toBe(false);
    expect(isApiPath('/dev/views/?language=ar')).toBe(false);
    expect(isApiPath('/dev/build/p-1234.js')).toBe(false);
    expect(isApiPath('/dev/outbox')).toBe(true);
    expect(isApiPath('/dev/viewsx')).toBe(true);
    expect(isApiPath('/dev/build')).toBe(true);
  });
});
