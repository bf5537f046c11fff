import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeJwt,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import Provider, { interactionPolicy } from 'oidc-provider';
import {
  type ProviderControls,
  type TestUser,
  defaultUser,
  readBody,
  RedirectList,
} from './provider-controls.js';
import { MemoryAdapter } from './memory-adapter.js';

/** What an Apple-like provider checks its client secret JWT with (Sign in with Apple's key). */
interface AppleKey {
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM, as Apple's console hands it out: goes into the app's settings. */
  privateKeyPem: string;
  publicKey: Awaited<ReturnType<typeof generateKeyPair>>['publicKey'];
}

export interface OidcTestProviderOptions {
  /** `apple`: form_post, `email_verified` as text, client secret as an ES256 JWT. */
  flavour: 'google' | 'apple' | 'oidc';
  clientId: string;
  redirects: RedirectList;
  /** The host in its URLs (it listens on 127.0.0.1 either way). */
  host: string;
}

/**
 * What a test may change in the id_tokens the provider sends: claims (a wrong nonce, issuer, …), or
 * `forge: true` to sign them with a key that is not in its JWKS (same `kid`).
 */
type IdTokenTamper = Record<string, unknown> & { forge?: boolean };

/**
 * A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1: code flow with PKCE, id_tokens
 * signed with its own RS256 key, discovery and JWKS. It signs in `user` without a login page (or
 * declines, when `deny` is set), and can fail its token endpoint or alter its next id_token.
 */
export class OidcTestProvider implements ProviderControls {
  user: TestUser = defaultUser();
  deny = false;
  failToken = false;
  tamper: IdTokenTamper | null = null;
  /** Token requests seen (a replayed code must not reach the provider twice). */
  tokenRequests = 0;
  readonly clientSecret = `secret-${Math.random().toString(36).slice(2)}`;
  issuer = '';
  apple: AppleKey | null = null;
  private server: Server | null = null;
  private signingJwk: JWK | null = null;

  constructor(private readonly options: OidcTestProviderOptions) {}

  async start(): Promise<void> {
    let handler: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
    this.server = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://${this.options.host}:${(this.server.address() as AddressInfo).port}`;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    this.signingJwk = { ...(await exportJWK(privateKey)), kid: 'test-rs256', alg: 'RS256', use: 'sig' };
    if (this.options.flavour === 'apple') this.apple = await appleKey();
    const provider = this.provider();
    const callback = provider.callback();
    handler = (req, res) => {
      this.handle(provider, callback, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }

  /** Back to a well-behaved provider with the default user. */
  reset(): void {
    this.user = defaultUser();
    this.deny = false;
    this.failToken = false;
    this.tamper = null;
  }

  private provider(): Provider {
    const { clientId, flavour } = this.options;
    const policy = interactionPolicy.base();
    // Every sign-in asks for the user anew: the test picks who signs in next, whatever the session.
    policy
      .get('login')!
      .checks.add(
        new interactionPolicy.Check('always', 'the test picks the user', (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
        ),
      );
    const provider = new Provider(this.issuer, {
      adapter: MemoryAdapter,
      clients: [
        {
          client_id: clientId,
          client_secret: this.clientSecret,
          redirect_uris: ['http://127.0.0.1/placeholder'],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [this.signingJwk!] },
      cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
      scopes: ['openid', 'email', 'profile', 'name'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      // Short lives, set here so the provider does not print a notice for each default it uses.
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () => ({
          sub,
          email: this.user.email,
          // Apple sends the text "true" or "false".
          email_verified: flavour === 'apple' ? String(this.user.email_verified) : this.user.email_verified,
          name: this.user.name ?? 'Test User',
        }),
      }),
      renderError: (ctx, out) => {
        ctx.type = 'json';
        ctx.body = out;
      },
    });
    provider.Client.prototype.redirectUriAllowed = (uri: string) => this.options.redirects.allows(uri);
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.path === '/token' && ctx.status === 200 && this.tamper)
        await this.tamperWith(ctx.body as Record<string, unknown>);
    });
    return provider;
  }

  private async handle(
    provider: Provider,
    callback: ReturnType<Provider['callback']>,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const path = new URL(req.url ?? '/', this.issuer).pathname;
    if (path.startsWith('/interaction/')) return this.interact(provider, req, res);
    if (path === '/token' && req.method === 'POST') {
      this.tokenRequests += 1;
      if (this.failToken) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'server_error', error_description: 'the test provider failed' }));
        return;
      }
      if (this.apple) {
        const body = new URLSearchParams(await readBody(req));
        if (!(await this.appleSecretValid(body.get('client_secret') ?? ''))) {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ error: 'invalid_client', error_description: 'client secret JWT refused' }),
          );
          return;
        }
        body.set('client_secret', this.clientSecret);
        (req as IncomingMessage & { body?: string }).body = body.toString();
      }
    }
    callback(req, res);
  }

  /** The sign-in page the user never sees: it signs `user` in and consents, or declines. */
  private async interact(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (this.deny) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user declined.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: this.user.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({
          accountId: details.session!.accountId,
          clientId: String(details.params.client_id),
        });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant!.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  /** Apple's client secret: ES256, signed with the app's key, from its team, about its client id. */
  private async appleSecretValid(jwt: string): Promise<boolean> {
    const apple = this.apple!;
    try {
      const { payload, protectedHeader } = await jwtVerify(jwt, apple.publicKey, {
        issuer: apple.teamId,
        subject: this.options.clientId,
        audience: this.issuer,
        algorithms: ['ES256'],
      });
      return protectedHeader.kid === apple.keyId && typeof payload.exp === 'number';
    } catch {
      return false;
    }
  }

  /** Re-signs the id_token of this answer with the claims of `tamper` changed (same key: only the claims lie). */
  private async tamperWith(body: Record<string, unknown>): Promise<void> {
    if (typeof body.id_token !== 'string') return;
    const { forge, ...changes } = this.tamper ?? {};
    const claims = { ...decodeJwt(body.id_token), ...changes };
    const key = forge
      ? (await generateKeyPair('RS256')).privateKey
      : await importJWK(this.signingJwk!, 'RS256');
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: this.signingJwk!.kid! })
      .sign(key);
  }
}

async function appleKey(): Promise<AppleKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    teamId: 'TEAM123456',
    keyId: 'KEY1234567',
    privateKeyPem: await exportPKCS8(privateKey),
    publicKey,
  };
}
