import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ProviderControls,
  type TestUser,
  defaultUser,
  readBody,
  type RedirectList,
} from './provider-controls.js';

interface PendingCode {
  user: TestUser;
  redirectUri: string;
  challenge: string | null;
}

/**
 * A fake of GitHub's OAuth app endpoints (`/login/oauth/authorize`, `/login/oauth/access_token`) and of
 * the two API calls sign-in makes (`/user`, `/user/emails`), on 127.0.0.1. It checks the client id and
 * secret, the redirect URI and PKCE (S256) like GitHub does, and signs `user` in without a page.
 */
export class GitHubFake implements ProviderControls {
  user: TestUser = defaultUser();
  deny = false;
  failToken = false;
  tokenRequests = 0;
  readonly clientId = 'github-test-client';
  readonly clientSecret = `gh-secret-${randomBytes(8).toString('hex')}`;
  url = '';
  private server: Server | null = null;
  private readonly codes = new Map<string, PendingCode>();
  private readonly tokens = new Map<string, TestUser>();
  /** GitHub's numeric user ids, one per test user's `sub`. */
  private readonly ids = new Map<string, number>();

  constructor(
    private readonly redirects: RedirectList,
    private readonly host: string,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => json(res, 500, { message: String(error) }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://${this.host}:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }

  reset(): void {
    this.user = defaultUser();
    this.deny = false;
    this.failToken = false;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/login/oauth/authorize' && req.method === 'GET') return this.authorize(url, res);
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') return this.token(req, res);
    const user = this.tokens.get((req.headers.authorization ?? '').replace(/^(Bearer|token) /i, ''));
    if (!user) return json(res, 401, { message: 'Bad credentials' });
    if (url.pathname === '/user')
      return json(res, 200, {
        id: this.githubId(user.sub),
        login: user.name ?? 'octocat',
      });
    if (url.pathname === '/user/emails') {
      return json(res, 200, [
        { email: `other-${user.email}`, primary: false, verified: true },
        { email: user.email, primary: true, verified: user.email_verified },
      ]);
    }
    return json(res, 404, { message: 'Not Found' });
  }

  /** The numeric id GitHub would give the user of `sub` (a test sets the user by `sub`). */
  private githubId(sub: string): number {
    let id = this.ids.get(sub);
    if (id === undefined) this.ids.set(sub, (id = 583231 + this.ids.size));
    return id;
  }

  private authorize(url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== this.clientId || !this.redirects.allows(redirectUri)) {
      return json(res, 400, { message: 'The redirect_uri or client_id is not registered.' });
    }
    const back = new URL(redirectUri);
    const state = url.searchParams.get('state');
    if (this.deny) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied your application access.');
    } else {
      const code = randomBytes(10).toString('hex');
      const challenge =
        url.searchParams.get('code_challenge_method') === 'S256'
          ? url.searchParams.get('code_challenge')
          : null;
      this.codes.set(code, { user: this.user, redirectUri, challenge });
      back.searchParams.set('code', code);
    }
    if (state) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.href }).end();
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.tokenRequests += 1;
    if (this.failToken) return json(res, 500, { message: 'Server Error' });
    const body = new URLSearchParams(await readBody(req));
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    const [id, secret] = basic
      ? Buffer.from(basic[1]!, 'base64').toString().split(':').map(decodeURIComponent)
      : [body.get('client_id'), body.get('client_secret')];
    if (id !== this.clientId || secret !== this.clientSecret)
      return json(res, 401, { error: 'invalid_client' });
    const code = body.get('code') ?? '';
    const pending = this.codes.get(code);
    this.codes.delete(code);
    const verifier = body.get('code_verifier') ?? '';
    const pkceOk =
      !pending?.challenge || createHash('sha256').update(verifier).digest('base64url') === pending.challenge;
    if (!pending || pending.redirectUri !== body.get('redirect_uri') || !pkceOk) {
      return json(res, 400, {
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
      });
    }
    const token = `gho_${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, pending.user);
    return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
