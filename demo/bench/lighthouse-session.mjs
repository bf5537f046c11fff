// A real session for the Lighthouse bench's signed-in page: a user registered through the server's API with a
// one-time code, read from the mail the server sends. The bench runs the server with NODE_ENV=production,
// which has no dev outbox, so the server mails the code to a local SMTP sink started here.
import { SMTPServer } from 'smtp-server';
import { chromium } from '@playwright/test';

/** The tokens the elements keep, under the keys of `src/client/token-store.ts`. */
const TOKEN_KEYS = { auth: 'psg_auth_token', refresh: 'psg_refresh_token' };

/** An SMTP server on 127.0.0.1 that keeps each message's text (no TLS, no auth). */
export async function startMailSink() {
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    /** The first message to `to`, waiting up to 10 s for it. */
    async messageTo(to) {
      for (const until = Date.now() + 10_000; Date.now() < until;) {
        const message = messages.find((m) => m.to.includes(to));
        if (message) return message;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${to} in 10 s`);
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The one-time code of a sign-in mail: the first six-digit number of its body (the text part comes first). */
function codeInMail(raw) {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  const code = /(?:^|\s)(\d{6})(?:\s|$)/m.exec(body)?.[1];
  if (!code) throw new Error('no six-digit code in the mail');
  return code;
}

async function call(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Registers a new user of `appId` with a one-time code, as the widget does; returns its tokens. */
export async function signUp(serverUrl, appId, mail) {
  const app = `${serverUrl}/v1/apps/${appId}`;
  const email = `lighthouse-${Date.now().toString(36)}@example.com`;
  await call(`${app}/users`, { identifier: email });
  const { otp_id } = await call(`${app}/register/otp`, { identifier: email, language: 'en' });
  const otp = codeInMail((await mail.messageTo(email)).raw);
  const { auth_result } = await call(`${app}/otp/activate`, { otp, otp_id });
  return { authToken: auth_result.auth_token, refreshToken: auth_result.refresh_token };
}

/**
 * Puts `tokens` where the elements keep them in the Chromium at `port` (or removes them when null), from
 * a page of the site's origin. Lighthouse then opens its own tab in the same profile; it clears the HTTP
 * cache and other storage before loading, but not localStorage (its default `clearStorageTypes`).
 */
export async function storeTokens(port, siteUrl, tokens) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${siteUrl}/robots.txt`);
    await page.evaluate(
      ({ keys, tokens }) => {
        for (const key of Object.values(keys)) localStorage.removeItem(key);
        document.cookie = `${keys.auth}=; Path=/; Max-Age=0`;
        if (!tokens) return;
        localStorage.setItem(keys.auth, tokens.authToken);
        localStorage.setItem(keys.refresh, tokens.refreshToken);
        document.cookie = `${keys.auth}=${encodeURIComponent(tokens.authToken)}; Path=/`;
      },
      { keys: TOKEN_KEYS, tokens },
    );
    await page.close();
  } finally {
    await browser.close();
  }
}
