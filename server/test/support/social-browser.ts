import { createHash, randomBytes } from 'node:crypto';

/** Where a navigation ended: the URL the browser stopped at, and that answer. */
export interface Landing {
  url: URL;
  status: number;
  body: string;
}

/**
 * A browser for server tests of the social redirects: follows redirects across hosts with a cookie
 * jar per host (HttpOnly, SameSite and paths are not modelled: a cookie is sent to its host), and
 * submits a provider's form_post page as a browser's script would (a cross-site POST with Origin).
 * It stops at the first URL under `stopAt` (the app's page) without loading it.
 */
export class SocialTestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(private readonly stopAt: string) {}

  /** The cookies this browser holds for `host` (`127.0.0.1:4000`). */
  cookies(host: string): Map<string, string> {
    let cookies = this.jar.get(host);
    if (!cookies) this.jar.set(host, (cookies = new Map()));
    return cookies;
  }

  /** Follows `start` until a URL under `stopAt` (default: the browser's). */
  async navigate(start: string, stopAt = this.stopAt): Promise<Landing> {
    let url = new URL(start);
    let init: { method: string; body?: string; headers: Record<string, string> } = {
      method: 'GET',
      headers: {},
    };
    for (let hop = 0; hop < 20; hop++) {
      if (url.href.startsWith(stopAt)) return { url, status: 200, body: '' };
      const cookie = [...this.cookies(url.host)].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(url, {
        method: init.method,
        redirect: 'manual',
        headers: {
          accept: 'text/html,application/xhtml+xml',
          'sec-fetch-mode': 'navigate',
          ...(cookie ? { cookie } : {}),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: init.body }),
      });
      this.store(url.host, response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        init = { method: 'GET', headers: {} };
        continue;
      }
      const body = await response.text();
      const form = formPost(body);
      if (!form) return { url, status: response.status, body };
      init = {
        method: 'POST',
        body: new URLSearchParams(form.fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin },
      };
      url = new URL(form.action, url);
    }
    throw new Error('too many redirects');
  }

  private store(host: string, setCookies: string[]): void {
    const cookies = this.cookies(host);
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some(
        (attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=.*1970/i.test(attribute),
      );
      if (expired) cookies.delete(name);
      else cookies.set(name, pair.slice(at + 1).trim());
    }
  }
}

/** A provider's auto-submitting form_post page: its action and hidden fields. */
function formPost(html: string): { action: string; fields: Record<string, string> } | null {
  const action = /<form method="post" action="([^"]+)"/i.exec(html)?.[1];
  if (!action) return null;
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1]!] = unescape(match[2]!);
  }
  return { action: unescape(action), fields };
}

const unescape = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** A page's PKCE pair, as passage-js makes it: a verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('hex');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
