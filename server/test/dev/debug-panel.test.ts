import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

const dir = mkdtempSync(join(tmpdir(), 'open-passage-panel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bundle = join(dir, 'panel.js');
writeFileSync(bundle, 'customElements.define("passage-debug-panel", class extends HTMLElement {});');
writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(join(dir, 'app.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(
  join(dir, 'routes.json'),
  JSON.stringify({ pages: ['/', '/passage', '/passageSuccess', '/contact'] }),
);

const TAG = '<script type="module" src="/dev/debug-panel.js?attach"></script></body>';

async function page(t: RunningTestServer, path: string): Promise<string> {
  const res = await t.call('GET', path, undefined, { accept: 'text/html' });
  expect(res.status).toBe(200);
  return res.text();
}

describe('the debug panel in development', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer({ staticDir: dir, env: { DEBUG_PANEL_FILE: bundle } });
  });
  afterAll(() => t.stop());

  it('is loaded by the sign-in and account pages, not by the others', async () => {
    expect(await page(t, '/passage')).toContain(TAG);
    expect(await page(t, '/passageSuccess')).toContain(TAG);
    expect(await page(t, '/')).not.toContain('debug-panel');
    expect(await page(t, '/contact')).not.toContain('debug-panel');
  });

  it('serves the bundle as a script that is never cached', async () => {
    const res = await t.call('GET', '/dev/debug-panel.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('passage-debug-panel');
  });
});

describe('the debug panel in production', () => {
  let t: RunningTestServer;
  let mail: SmtpSink;
  beforeAll(async () => {
    mail = await startSmtpSink();
    t = await startTestServer({
      staticDir: dir,
      env: { DEBUG_PANEL_FILE: bundle, NODE_ENV: 'production', SMTP_URL: mail.url },
    });
  });
  afterAll(async () => {
    await t.stop();
    await mail.stop();
  });

  it('is neither served nor loaded', async () => {
    expect(await page(t, '/passage')).not.toContain('debug-panel');
    const res = await t.call('GET', '/dev/debug-panel.js');
    expect(await res.text()).not.toContain('passage-debug-panel');
  });
});
