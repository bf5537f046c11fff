import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

/** Waits until the server has sent every queued message, so a test's mail never lands in the next one. */
async function queueDrained(t: RunningTestServer): Promise<void> {
  const until = Date.now() + 10_000;
  const pending = () =>
    t.server.db.selectFrom('outgoing_messages').select('id').where('status', '=', 'pending').execute();
  while ((await pending()).length > 0) {
    if (Date.now() > until) throw new Error('the delivery queue did not drain');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Exactly what @emailjs/browser 4.4.1 sendForm posts: the form's fields, then the library's four. */
function emailJsForm(fields: Record<string, string>, publicKey = TEST_APP_ID): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('lib_version', '4.4.1');
  form.append('service_id', 'default_service');
  form.append('template_id', 'contact_form');
  form.append('user_id', publicKey);
  return form;
}

describe('EmailJS-compatible contact endpoint', () => {
  let t: RunningTestServer;
  let sink: SmtpSink;
  let ip = 0;
  /** Each test posts from its own client address (TRUST_PROXY), so the per-IP limit stays per test. */
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++ip}` });
  const sendForm = (form: FormData, headers: Record<string, string> = from()) =>
    fetch(`${t.baseUrl}/api/v1.0/email/send-form`, { method: 'POST', body: form, headers });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestServer({
      apps: [{ id: TEST_APP_ID, name: 'Portfolio', contact_to: 'owner@portfolio.example' }],
      env: { SMTP_URL: sink.url, TRUST_PROXY: '127.0.0.1' },
      build: { delivery: { pollMs: 50 } },
    });
  });
  afterAll(async () => {
    await t.stop();
    await sink.stop();
  });

  const stored = () => t.server.db.selectFrom('contact_messages').selectAll().orderBy('created_at').execute();

  // Every test's mails have arrived before the next test starts: the tests count mails from where they
  // begin, and run in any order (some send mails they do not wait for).
  afterEach(() => queueDrained(t));

  it('answers 200 OK, stores the message and forwards it to the app’s contact recipient', async () => {
    const before = sink.received.length;
    const count = (await stored()).length;
    const res = await sendForm(
      emailJsForm({ user_name: 'Ada Lovelace', user_email: 'ada@example.com', message: 'Hello\nthere' }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
    const rows = (await stored()).slice(count);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.fields)).toEqual({
      user_name: 'Ada Lovelace',
      user_email: 'ada@example.com',
      message: 'Hello\r\nthere', // multipart/form-data sends line breaks as CRLF
    });
    expect(rows[0]).toMatchObject({
      app_id: TEST_APP_ID,
      service_id: 'default_service',
      template_id: 'contact_form',
      spam: 0,
    });

    const mail = (await sink.waitFor(before + 1))[before];
    expect(mail?.recipients).toEqual(['owner@portfolio.example']);
    expect(mail?.headers).toContain('Reply-To: ada@example.com');
    expect(mail?.headers).toContain('Subject: New message from Ada Lovelace via Portfolio');
    expect(mail?.raw).toContain('Hello');
  });

  it('accepts emailjs.send JSON with template_params', async () => {
    const before = sink.received.length;
    const res = await t.call(
      'POST',
      '/api/v1.0/email/send',
      {
        lib_version: '4.4.1',
        user_id: TEST_APP_ID,
        service_id: 's',
        template_id: 't',
        template_params: {
          from_name: 'Grace',
          reply_to: 'grace@example.com',
          message: 'JSON works',
          stars: 5,
        },
      },
      from(),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
    const mails = await sink.waitFor(before + 1);
    expect(mails.at(-1)?.headers).toContain('Reply-To: grace@example.com');
    expect(mails.at(-1)?.raw).toContain('JSON works');
  });

  it('cannot be made to add headers or recipients (CR/LF in name, email and subject)', async () => {
    const before = sink.received.length;
    const res = await sendForm(
      emailJsForm({
        user_name: 'Eve\r\nBcc: victim@example.com\r\nX-Injected: yes',
        user_email: 'eve@example.com\r\nBcc: victim2@example.com',
        subject: 'Hi\r\nCc: victim3@example.com',
        message: 'body\r\n.\r\nMAIL FROM:<x@y>\r\nRCPT TO:<victim4@example.com>',
      }),
    );
    expect(res.status).toBe(200);
    const mails = await sink.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.recipients).toEqual(['owner@portfolio.example']);
    expect(mail.headers).not.toMatch(/^(Bcc|Cc|X-Injected):/im);
    // The text stays inside the one Subject line, flattened; no header line of its own.
    const victimLines = mail.headers.split(/\r?\n/).filter((line) => line.includes('victim'));
    expect(victimLines.every((line) => line.startsWith('Subject: '))).toBe(true);
    expect(mail.headers).not.toMatch(/^Reply-To:/im); // the address was not a clean one
  });

  /** A bot learns nothing: 200 OK as for a person; the message is stored as spam and never mailed. */
  async function expectStoredAsSpam(post: () => Promise<Response>) {
    const before = sink.received.length;
    const count = (await stored()).length;
    const res = await post();
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
    const rows = await stored();
    expect(rows).toHaveLength(count + 1);
    expect(rows.at(-1)).toMatchObject({ spam: 1, outgoing_message_id: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received).toHaveLength(before);
    return rows.at(-1)!;
  }

  it('accepts a filled honeypot silently, stores it as spam and forwards nothing', async () => {
    await expectStoredAsSpam(() =>
      sendForm(emailJsForm({ user_name: 'Bot', message: 'buy', website: 'http://spam.example' })),
    );
  });

  it('takes a form filled in under 3 seconds for a bot: 200 OK, stored as spam, never forwarded', async () => {
    for (const fillMs of ['0', '2999', '', 'soon', '-5000']) {
      const row = await expectStoredAsSpam(() =>
        sendForm(emailJsForm({ senderName: 'Bot', message: `fast ${fillMs}`, fill_ms: fillMs })),
      );
      expect(JSON.parse(row.fields)).toEqual({ senderName: 'Bot', message: `fast ${fillMs}` });
    }
    await expectStoredAsSpam(() =>
      t.call(
        'POST',
        '/api/v1.0/email/send',
        { user_id: TEST_APP_ID, service_id: 's', template_id: 't', template_params: { fill_ms: 800 } },
        from(),
      ),
    );
  });

  it('forwards a form that took 3 seconds or more, named by the demo form’s senderName and sender', async () => {
    const before = sink.received.length;
    const res = await sendForm(
      emailJsForm({
        senderName: 'Dana Scout',
        sender: 'dana@example.com',
        message: 'Took my time',
        website: '',
        fill_ms: '3000',
      }),
    );
    expect(await res.text()).toBe('OK');
    const row = (await stored()).at(-1)!;
    expect(row.spam).toBe(0);
    // The bot traps are not part of the message.
    expect(JSON.parse(row.fields)).toEqual({
      senderName: 'Dana Scout',
      sender: 'dana@example.com',
      message: 'Took my time',
    });
    const mail = (await sink.waitFor(before + 1)).at(-1);
    expect(mail?.headers).toContain('Subject: New message from Dana Scout via Portfolio');
    expect(mail?.headers).toContain('Reply-To: dana@example.com');
    expect(mail?.raw).not.toContain('fill_ms');
  });

  describe('a form posted by the browser itself (no JavaScript, or before the page’s code arrived)', () => {
    /** What a browser sends for `<form method="post" enctype="multipart/form-data">`: no lib_version. */
    function nativeForm(fields: Record<string, string>): FormData {
      const form = new FormData();
      for (const [key, value] of Object.entries({
        service_id: 'default_service',
        template_id: 'contact_form',
        user_id: TEST_APP_ID,
        ...fields,
      }))
        form.append(key, value);
      return form;
    }
    const navigation = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-mode': 'navigate' };

    it('stores and forwards the message and answers with a readable page, not a bare OK', async () => {
      const before = sink.received.length;
      const res = await sendForm(
        nativeForm({ senderName: 'No Script', sender: 'ns@example.com', message: 'Sent without JS' }),
        { ...from(), ...navigation },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain('<h1>Message delivered</h1>');
      expect(html).toContain(`<a href="${t.server.apps[0]!.auth_origin}/">Back to the site</a>`);
      const mail = (await sink.waitFor(before + 1)).at(-1);
      expect(mail?.headers).toContain('Subject: New message from No Script via Portfolio');
      expect(mail?.raw).toContain('Sent without JS');
      // Not judged by time: a form posted without JavaScript has none to report.
      expect((await stored()).at(-1)).toMatchObject({ spam: 0 });
    });

    it('on an error keeps the text in a form that sends it again, escaped, without the bot traps', async () => {
      const headers = { 'x-forwarded-for': '203.0.113.90', ...navigation };
      for (let i = 0; i < 5; i++) await sendForm(nativeForm({ message: `fill ${i}` }), headers);
      const message = 'Still here </textarea><script>alert(1)</script> & more';
      const res = await sendForm(nativeForm({ senderName: 'Dana', message, website: '' }), headers);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const html = await res.text();
      expect(html).toContain('<h1>Your message was not sent</h1>');
      expect(html).toContain('<p role="alert">Too many messages were sent just now.');
      expect(html).toContain(
        'name="message" rows="10" cols="60">Still here &lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</textarea>',
      );
      expect(html).not.toContain('<script>');
      expect(html).toContain(`<input type="hidden" name="user_id" value="${TEST_APP_ID}">`);
      expect(html).toContain('<form method="post" action="/api/v1.0/email/send-form"');
      expect(html).not.toContain('name="website"');
      // The API's policy still applies to the page: it runs nothing and loads nothing.
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    });

    it('answers @emailjs/browser in plain text even when it asks for HTML', async () => {
      const res = await sendForm(emailJsForm({ message: 'library' }), { ...from(), ...navigation });
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toBe('OK');
    });
  });

  it('answers EmailJS-style texts for a missing or unknown public key, service or template', async () => {
    const cases: [FormData, number, string][] = [
      [emailJsForm({ message: 'x' }, ''), 400, 'The Public Key is required.'],
      [emailJsForm({ message: 'x' }, 'unknownApp00000000000000'), 400, 'The Public Key is invalid.'],
    ];
    const noService = emailJsForm({ message: 'x' });
    noService.set('service_id', '');
    cases.push([noService, 400, 'The service ID is required.']);
    const noTemplate = emailJsForm({ message: 'x' });
    noTemplate.delete('template_id');
    cases.push([noTemplate, 400, 'The template ID is required.']);
    for (const [form, status, text] of cases) {
      const res = await sendForm(form);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toBe(text);
    }
    const json = await t.call('POST', '/api/v1.0/email/send', { service_id: 's', template_id: 't' }, from());
    expect(await json.text()).toBe('The Public Key is required.');
  });

  it('refuses files and oversized fields', async () => {
    const withFile = emailJsForm({ message: 'x' });
    withFile.append('attachment', new Blob(['hello']), 'a.txt');
    const res = await sendForm(withFile);
    expect(res.status).toBe(413);
    const huge = await sendForm(emailJsForm({ message: 'x'.repeat(12_000) }));
    expect(huge.status).toBe(413);
  });

  it('limits each client address to 5 messages per 10 minutes (429 Too Many Requests)', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await sendForm(emailJsForm({ message: `n${i}` }), headers)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await sendForm(emailJsForm({ message: 'again' }), headers);
    expect(await limited.text()).toBe('Too Many Requests.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (await sendForm(emailJsForm({ message: 'other' }), { 'x-forwarded-for': '203.0.113.78' })).status,
    ).toBe(200);
  });
});

describe('contact endpoint without a trusted proxy', () => {
  it('keys the limit on the peer address, so a spoofed X-Forwarded-For does not escape it', async () => {
    const t = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${t.baseUrl}/api/v1.0/email/send-form`, {
          method: 'POST',
          body: emailJsForm({ message: `m${i}` }),
          headers: { 'x-forwarded-for': `192.0.2.${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.at(-1)).toBe(429);
      // Without SMTP, the message reaches the dev outbox.
      const outbox = (await (await t.call('GET', '/dev/outbox')).json()) as { to: string }[];
      expect(outbox.length).toBeGreaterThan(0);
    } finally {
      await t.stop();
    }
  });
});

describe('contact endpoint in development mode with SMTP_URL but no CONTACT_TO', () => {
  it("mails nobody: the outbox's made-up owner is not sent through a real mail server", async () => {
    const sink = await startSmtpSink();
    const t = await startTestServer({ env: { SMTP_URL: sink.url }, build: { delivery: { pollMs: 50 } } });
    try {
      const form = emailJsForm({ user_name: 'Ada', user_email: 'ada@example.com', message: 'hello' });
      const sent = await fetch(`${t.baseUrl}/api/v1.0/email/send-form`, { method: 'POST', body: form });
      expect(sent.status).toBe(200);
      // Stored, but never handed to the delivery queue.
      expect(await t.server.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(1);
      const queued = await t.server.db.selectFrom('outgoing_messages').select('recipient').execute();
      expect(queued).toEqual([]);
    } finally {
      await t.stop();
      await sink.stop();
    }
  });
});

describe('a malformed multipart body', () => {
  it('is the client’s mistake: 400 with an EmailJS-style text, nothing logged at error level', async () => {
    const levels: { level: number; msg: string }[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) levels.push(JSON.parse(line));
    });
    const t = await startTestServer({ logStream });
    try {
      const bodies = [
        ['multipart/form-data', 'x'], // no boundary at all: what `curl --data-binary x` sends
        ['multipart/form-data; boundary=zz', 'x'],
        ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
      ];
      for (const path of ['/api/v1.0/email/send-form', '/api/v1.0/email/send']) {
        for (const [type, body] of bodies) {
          const res = await t.call('POST', path, body, { 'content-type': type! });
          expect(res.status).toBe(400);
          expect(res.headers.get('content-type')).toContain('text/plain');
          expect(await res.text()).toMatch(/^The form data is malformed \(.+\)\.$/);
        }
      }
      expect(levels.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
    } finally {
      await t.stop();
    }
  });

  it('still reads a repeated field as the list of its values', async () => {
    const t = await startTestServer();
    try {
      const form = emailJsForm({ message: 'Hello' });
      form.append('topic', 'a');
      form.append('topic', 'b');
      const res = await fetch(`${t.baseUrl}/api/v1.0/email/send-form`, { method: 'POST', body: form });
      expect(await res.text()).toBe('OK');
      const [row] = await t.server.db.selectFrom('contact_messages').select('fields').execute();
      expect(JSON.parse(row!.fields)).toEqual({ message: 'Hello', topic: '["a","b"]' });
    } finally {
      await t.stop();
    }
  });
});

describe('contact endpoint origins', () => {
  let t: RunningTestServer;
  let sink: SmtpSink;
  let ip = 0;
  const OTHER_APP = 'shopApp0000000000000001';
  const post = (headers: Record<string, string>, publicKey = TEST_APP_ID) =>
    fetch(`${t.baseUrl}/api/v1.0/email/send-form`, {
      method: 'POST',
      body: emailJsForm({ user_name: 'Visitor', message: 'Hello' }, publicKey),
      headers: { 'x-forwarded-for': `198.51.100.${++ip}`, ...headers },
    });
  const stored = async () => (await t.server.db.selectFrom('contact_messages').selectAll().execute()).length;
  const budget = () =>
    t.server.db.selectFrom('rate_limits').selectAll().where('key', 'like', 'contact:%').execute();

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestServer({
      apps: [
        { id: TEST_APP_ID, contact_to: 'owner@portfolio.example' },
        { id: OTHER_APP, auth_origin: 'https://shop.example', contact_to: 'owner@shop.example' },
      ],
      env: { SMTP_URL: sink.url, TRUST_PROXY: '127.0.0.1' },
      build: { delivery: { pollMs: 50 } },
    });
  });
  afterAll(async () => {
    await t.stop();
    await sink.stop();
  });
  afterEach(() => queueDrained(t));

  it('refuses a page on another origin with 403: nothing stored, forwarded or counted', async () => {
    const before = { rows: await stored(), budget: await budget(), sent: sink.received.length };
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' }, // a sandboxed frame or a data: page
      { origin: 'null', 'sec-fetch-site': 'cross-site' }, // a foreign page with Referrer-Policy: no-referrer
      { origin: 'null', 'sec-fetch-site': 'same-site' },
      { origin: 'https://shop.example.evil.example' },
      { referer: 'https://evil.example/page.html' }, // no Origin: the Referer names the page
      { origin: 'https://evil.example', referer: `${t.baseUrl}/` }, // the Origin counts
    ]) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toMatch(/origin/i);
    }
    // The same address, six times over the per-address limit: still nothing counted.
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${t.baseUrl}/api/v1.0/email/send`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          origin: 'https://evil.example',
          'x-forwarded-for': '203.0.113.9',
        },
        body: JSON.stringify({
          user_id: TEST_APP_ID,
          service_id: 's',
          template_id: 't',
          template_params: {},
        }),
      });
      expect(res.status).toBe(403);
    }
    expect(await stored()).toBe(before.rows);
    expect(await budget()).toEqual(before.budget);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.received).toHaveLength(before.sent);
  });

  it('answers a form posted natively from another origin with the HTML page', async () => {
    const res = await post({
      origin: 'https://evil.example',
      accept: 'text/html',
      'sec-fetch-mode': 'navigate',
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('accepts the server’s own origin, any app’s auth_origin, and requests that name none', async () => {
    const before = await stored();
    const own = new URL(t.server.apps[0]!.auth_origin).origin; // ${PUBLIC_URL}, http://localhost:port
    for (const headers of <Record<string, string>[]>[
      { origin: own },
      { origin: t.baseUrl }, // 127.0.0.1 and localhost name the same origin
      { origin: 'https://shop.example' },
      { origin: 'HTTPS://SHOP.EXAMPLE' },
      { referer: `${own}/#ContactPage` },
      // The server's own page posting its form natively under Referrer-Policy: no-referrer.
      { origin: 'null', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
      {}, // curl, a server: the per-address and global limits still apply
    ]) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
    expect(await stored()).toBe(before + 7);
  });
});
