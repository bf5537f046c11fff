import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfHostHeader, isLoopbackAddress, isLoopbackHostname } from '../../src/security/loopback.js';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

// Development mode's pages hold every user's codes and links (the outbox): each rule of dev/local-only.ts
// is tried alone here, one refusal per rule, on every development route.

const dir = mkdtempSync(join(tmpdir(), 'open-passage-local-only-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'www', 'build'), { recursive: true });
writeFileSync(join(dir, 'www', 'views.html'), '<!doctype html><passage-view-gallery></passage-view-gallery>');
writeFileSync(join(dir, 'www', 'build', 'open-passage.esm.js'), 'export {};');
writeFileSync(join(dir, 'panel.js'), 'export {};');

const DEV_PATHS = ['/dev/outbox', '/dev/views', '/dev/build/open-passage.esm.js', '/dev/debug-panel.js'];

/** A request as a browser or curl on this machine sends it. */
const LOCAL = { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080' } };

let t: RunningTestServer;
beforeAll(async () => {
  t = await startTestServer({
    env: { ELEMENTS_WWW_DIR: join(dir, 'www'), DEBUG_PANEL_FILE: join(dir, 'panel.js'), TRUST_PROXY: 'true' },
  });
});
afterAll(() => t.stop());

async function get(path: string, request: { remoteAddress?: string; headers?: Record<string, string> }) {
  const answer = await t.server.http.inject({ method: 'GET', url: path, ...request });
  return { status: answer.statusCode, body: answer.body };
}

describe('the development pages', () => {
  it('answer a request made on this machine, by any loopback name and port', async () => {
    for (const path of DEV_PATHS) {
      expect((await get(path, LOCAL)).status, path).toBe(200);
    }
    for (const [remoteAddress, host] of [
      ['127.0.0.1', '127.0.0.1:8080'],
      ['127.0.0.2', '127.0.0.2'],
      ['::1', '[::1]:5173'],
      ['::ffff:127.0.0.1', 'LOCALHOST'],
    ] as const) {
      expect((await get('/dev/outbox', { remoteAddress, headers: { host } })).status, host).toBe(200);
    }
    const fromLocalPage = { ...LOCAL, headers: { ...LOCAL.headers, origin: 'http://localhost:5173' } };
    expect((await get('/dev/outbox', fromLocalPage)).status).toBe(200);
  });

  it('answer over a real socket too (fetch from this machine)', async () => {
    const answer = await t.call('GET', '/dev/outbox');
    expect(answer.status).toBe(200);
  });

  const refusals: [string, { remoteAddress?: string; headers?: Record<string, string> }, RegExp][] = [
    ['a peer on another machine', { ...LOCAL, remoteAddress: '203.0.113.5' }, /came from 203\.0\.113\.5/],
    ['a private-network peer', { ...LOCAL, remoteAddress: '192.168.1.20' }, /came from 192\.168\.1\.20/],
    [
      // TRUST_PROXY=true makes request.ip 127.0.0.1 here: the rule reads the socket, not the header.
      'a remote peer that claims 127.0.0.1 in X-Forwarded-For',
      { remoteAddress: '203.0.113.5', headers: { ...LOCAL.headers, 'x-forwarded-for': '127.0.0.1' } },
      /came from 203\.0\.113\.5/,
    ],
    [
      'X-Forwarded-For',
      { ...LOCAL, headers: { ...LOCAL.headers, 'x-forwarded-for': '127.0.0.1' } },
      /through a proxy \(it has a x-forwarded-for header\)/,
    ],
    [
      'Forwarded',
      { ...LOCAL, headers: { ...LOCAL.headers, forwarded: 'for=127.0.0.1' } },
      /forwarded header/,
    ],
    [
      'X-Forwarded-Host',
      { ...LOCAL, headers: { ...LOCAL.headers, 'x-forwarded-host': 'localhost' } },
      /x-forwarded-host header/,
    ],
    ['X-Real-IP', { ...LOCAL, headers: { ...LOCAL.headers, 'x-real-ip': '127.0.0.1' } }, /x-real-ip header/],
    [
      'a foreign Host (DNS rebinding)',
      { ...LOCAL, headers: { host: 'rebind.attacker.example:8080' } },
      /Host header "rebind\.attacker\.example:8080" is not localhost/,
    ],
    [
      'a Host that only starts like localhost',
      { ...LOCAL, headers: { host: 'localhost.attacker.example' } },
      /Host header/,
    ],
    ['a *.localhost Host', { ...LOCAL, headers: { host: 'app.localhost:8080' } }, /Host header/],
    ['a Host with user info', { ...LOCAL, headers: { host: 'evil.example@localhost' } }, /Host header/],
    [
      'a foreign Origin',
      { ...LOCAL, headers: { ...LOCAL.headers, origin: 'https://attacker.example' } },
      /sent by a page of "https:\/\/attacker\.example"/,
    ],
    ['Origin null', { ...LOCAL, headers: { ...LOCAL.headers, origin: 'null' } }, /sent by a page of "null"/],
  ];

  for (const [label, request, reason] of refusals) {
    it(`refuse ${label} with 403 and the reason, on every development route`, async () => {
      for (const path of DEV_PATHS) {
        const { status, body } = await get(path, request);
        expect(status, path).toBe(403);
        const answer = JSON.parse(body) as { code: string; error: string };
        expect(answer.code).toBe('operation_not_allowed');
        expect(answer.error).toMatch(
          /^The development pages answer only requests made on this machine, and /,
        );
        expect(answer.error).toMatch(reason);
      }
    });
  }

  it('refuse a request without a Host header (HTTP/1.0, over a real socket)', async () => {
    const { port } = new URL(t.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () => socket.end('GET /dev/outbox HTTP/1.0\r\n\r\n'));
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain('its Host header \\"\\" is not localhost');
  });
});

describe('the loopback checks', () => {
  it('take localhost, 127.0.0.0/8 and [::1] only', () => {
    for (const name of ['localhost', 'LocalHost', '127.0.0.1', '127.255.0.9', '[::1]']) {
      expect(isLoopbackHostname(name), name).toBe(true);
    }
    for (const name of [
      'localhost.',
      'app.localhost',
      '127.0.0.1.nip.io',
      '0.0.0.0',
      '[::]',
      '10.0.0.1',
      '',
    ]) {
      expect(isLoopbackHostname(name), name).toBe(false);
    }
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [undefined, '::ffff:10.0.0.1', '10.0.0.1', '::', '0.0.0.0']) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
    expect(hostOfHostHeader('localhost:8080')).toBe('localhost');
    expect(hostOfHostHeader('[::1]:1')).toBe('[::1]');
    for (const header of ['evil@localhost', 'localhost/x', 'localhost:80:80', '', undefined]) {
      expect(hostOfHostHeader(header), String(header)).toBeNull();
    }
  });
});
