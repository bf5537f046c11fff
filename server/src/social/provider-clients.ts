import * as oidc from 'openid-client';
import { importPKCS8, SignJWT } from 'jose';
import type { SocialProviderSettings } from '../apps/social-settings.js';
import { parseIdentifier } from '../users/identifier.js';
import { LOCAL_PROVIDERS_HINT, providerAddressProblem } from './provider-addresses.js';

/** What a provider told about the user after a successful exchange. */
export interface ProviderIdentity {
  /** The provider's stable id of the user (`sub`, GitHub's numeric id). */
  subject: string;
  /** The email it gives, normalised like every identifier here; null when it gives none or an invalid one. */
  email: string | null;
  /** Whether the provider says it checked that the user owns `email`. */
  emailVerified: boolean;
  /** What the user knows the account by: the email, or GitHub's login when there is no email. */
  identifier: string;
}

/** The provider refused or failed (an `error` on the callback, an unreachable or erroring endpoint). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'access_denied' | 'provider_error' | 'invalid_response',
  ) {
    super(message);
  }
}

const DEFAULT_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
};
const GITHUB = {
  authorization_endpoint: 'https://github.com/login/oauth/authorize',
  token_endpoint: 'https://github.com/login/oauth/access_token',
  api_url: 'https://api.github.com',
};
const DEFAULT_SCOPES: Record<string, string[]> = {
  github: ['read:user', 'user:email'],
  apple: ['openid', 'email', 'name'],
};
const OIDC_SCOPES = ['openid', 'email', 'profile'];
const TIMEOUT_S = 10;
/** Discovery answers are kept this long, so a provider is asked once per sign-in burst, not per click. */
const DISCOVERY_TTL_MS = 10 * 60_000;

const isOidc = (provider: SocialProviderSettings) => provider.type !== 'github';
const scopesOf = (provider: SocialProviderSettings) =>
  (provider.scopes ?? DEFAULT_SCOPES[provider.type] ?? OIDC_SCOPES).join(' ');
/** Plain http only reaches this machine (the settings refuse it elsewhere): test providers, development. */
const insecureFor = (url: string) => (url.startsWith('http:') ? [oidc.allowInsecureRequests] : []);

/**
 * Apple's client secret: an ES256 JWT signed with the app's key from Apple's console (team id, key id),
 * valid for five minutes, made for each exchange.
 */
async function appleClientSecret(provider: SocialProviderSettings, issuer: string): Promise<string> {
  const key = await importPKCS8(provider.private_key ?? '', 'ES256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: provider.key_id ?? '' })
    .setIssuer(provider.team_id ?? '')
    .setSubject(provider.client_id)
    .setAudience(issuer)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

interface Pending {
  verifier: string;
  nonce: string;
  state: string;
}

/**
 * The OAuth 2 / OpenID Connect side of social sign-in, on openid-client: discovery (cached), the
 * authorization URL (state, PKCE S256, nonce), and the code exchange with every check the library
 * makes (state, issuer, audience, nonce, the id_token's signature against the provider's JWKS).
 * GitHub is plain OAuth 2: its exchange is followed by `GET /user` and `GET /user/emails`.
 */
export class ProviderClients {
  private readonly discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  /** `localProviders`: whether endpoints on plain http, this machine or a private network may be called. */
  constructor(private readonly localProviders: boolean) {}

  /** Refuses (as the provider being unreachable) an endpoint this server may not call. */
  private checkAddresses(urls: readonly (string | undefined)[]): void {
    for (const url of urls) {
      const problem = url === undefined ? null : providerAddressProblem(url, this.localProviders);
      if (problem) {
        throw new ProviderError(
          `refused to call the provider: ${problem} (${LOCAL_PROVIDERS_HINT})`,
          'provider_error',
        );
      }
    }
  }

  /** The provider's sign-in page for this flow. */
  async authorizationUrl(
    provider: SocialProviderSettings,
    callbackUrl: string,
    pending: Pending,
  ): Promise<string> {
    const config = await this.configuration(provider, null);
    const params: Record<string, string> = {
      redirect_uri: callbackUrl,
      scope: scopesOf(provider),
      state: pending.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    };
    if (isOidc(provider)) params.nonce = pending.nonce;
    // Apple sends the email and name only with form_post, and only the first time.
    if (provider.type === 'apple') params.response_mode = 'form_post';
    return oidc.buildAuthorizationUrl(config, params).href;
  }

  /**
   * Exchanges the code the provider sent to `callback` (its URL with the query, or the form_post
   * fields as query) and answers who the user is. Throws ProviderError.
   */
  async exchange(
    provider: SocialProviderSettings,
    callback: URL,
    pending: Pending,
  ): Promise<ProviderIdentity> {
    const error = callback.searchParams.get('error');
    if (error) {
      const description = callback.searchParams.get('error_description');
      throw new ProviderError(
        description ? `${error}: ${description}` : error,
        error === 'access_denied' ? 'access_denied' : 'provider_error',
      );
    }
    let config: oidc.Configuration;
    try {
      config = await this.configuration(provider, provider.type === 'apple' ? 'apple' : null);
    } catch (cause) {
      // Discovery failed, or Apple's key in the settings cannot sign.
      throw cause instanceof ProviderError
        ? cause
        : new ProviderError((cause as Error).message, 'provider_error');
    }
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        ...(isOidc(provider) ? { expectedNonce: pending.nonce, idTokenExpected: true } : {}),
      });
    } catch (cause) {
      throw classified(cause);
    }
    return isOidc(provider)
      ? identityFromIdToken(tokens)
      : this.githubIdentity(provider, config, tokens.access_token);
  }

  private async configuration(provider: SocialProviderSettings, secretFor: 'apple' | null) {
    const base = await this.baseConfiguration(provider);
    if (secretFor !== 'apple') return base;
    // Apple's secret is a fresh JWT: a configuration of its own for this exchange.
    const issuer = base.serverMetadata().issuer;
    const secret = await appleClientSecret(provider, issuer);
    const config = new oidc.Configuration(
      base.serverMetadata(),
      provider.client_id,
      {},
      oidc.ClientSecretPost(secret),
    );
    for (const option of insecureFor(issuer)) option(config);
    oidc.enableNonRepudiationChecks(config);
    config.timeout = TIMEOUT_S;
    return config;
  }

  private baseConfiguration(provider: SocialProviderSettings): Promise<oidc.Configuration> {
    const key = JSON.stringify(provider);
    const cached = this.discovered.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = this.build(provider);
    this.discovered.set(key, { at: Date.now(), config });
    // A failed discovery is not kept: the next click asks again.
    config.catch(() => this.discovered.delete(key));
    return config;
  }

  private async build(provider: SocialProviderSettings): Promise<oidc.Configuration> {
    const auth = provider.client_secret ? oidc.ClientSecretPost(provider.client_secret) : oidc.None();
    if (!isOidc(provider)) {
      const endpoints = { ...GITHUB, ...provider };
      this.checkAddresses([endpoints.authorization_endpoint, endpoints.token_endpoint, endpoints.api_url]);
      const config = new oidc.Configuration(
        {
          issuer: new URL(endpoints.authorization_endpoint).origin,
          authorization_endpoint: endpoints.authorization_endpoint,
          token_endpoint: endpoints.token_endpoint,
        },
        provider.client_id,
        {},
        auth,
      );
      for (const option of insecureFor(endpoints.token_endpoint)) option(config);
      config.timeout = TIMEOUT_S;
      return config;
    }
    const issuer = provider.issuer ?? DEFAULT_ISSUERS[provider.type] ?? '';
    this.checkAddresses([issuer]);
    let config: oidc.Configuration;
    try {
      config = await oidc.discovery(new URL(issuer), provider.client_id, {}, auth, {
        execute: insecureFor(issuer),
        timeout: TIMEOUT_S,
      });
    } catch (cause) {
      throw new ProviderError(`discovery at ${issuer} failed: ${(cause as Error).message}`, 'provider_error');
    }
    // What discovery names is called too (the code exchange, the keys): held to the same rule.
    const found = config.serverMetadata();
    this.checkAddresses([found.authorization_endpoint, found.token_endpoint, found.jwks_uri]);
    oidc.enableNonRepudiationChecks(config);
    return config;
  }

  private async githubIdentity(
    provider: SocialProviderSettings,
    config: oidc.Configuration,
    accessToken: string,
  ): Promise<ProviderIdentity> {
    const api = (provider.api_url ?? GITHUB.api_url).replace(/\/$/, '');
    const get = async <T>(path: string): Promise<T> => {
      let response: Response;
      try {
        response = await oidc.fetchProtectedResource(
          config,
          accessToken,
          new URL(`${api}${path}`),
          'GET',
          undefined,
          new Headers({
            accept: 'application/vnd.github+json',
            'user-agent': 'open-passage-server',
          }),
        );
      } catch (cause) {
        throw classified(cause);
      }
      if (!response.ok)
        throw new ProviderError(`GitHub's ${path} answered ${response.status}`, 'provider_error');
      return (await response.json()) as T;
    };
    const user = await get<{ id?: unknown; login?: unknown }>('/user');
    if (typeof user.id !== 'number' && typeof user.id !== 'string') {
      throw new ProviderError("GitHub's /user has no id", 'invalid_response');
    }
    const emails =
      await get<Array<{ email?: unknown; primary?: unknown; verified?: unknown }>>('/user/emails');
    const primary = Array.isArray(emails) ? emails.find((one) => one.primary === true) : undefined;
    const email = providerEmail(primary?.email);
    const login = typeof user.login === 'string' ? user.login : String(user.id);
    return {
      subject: String(user.id),
      email,
      emailVerified: !!email && primary?.verified === true,
      identifier: email ?? login,
    };
  }
}

/**
 * A provider's email as every identifier here is kept (users/identifier.ts: trimmed, lowercased, NFC,
 * checked); one that is not a valid address (or has invisible characters) counts as none.
 */
function providerEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const parsed = parseIdentifier(value, 'email');
  return parsed.ok ? parsed.identifier.value : null;
}

/** `email_verified` is a boolean, except Apple's, which is the text "true" or "false". */
const verified = (value: unknown) => value === true || value === 'true';

function identityFromIdToken(
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
): ProviderIdentity {
  const claims = tokens.claims();
  if (!claims) throw new ProviderError('the provider sent no id_token', 'invalid_response');
  const email = providerEmail(claims.email);
  return {
    subject: claims.sub,
    email,
    emailVerified: !!email && verified(claims.email_verified),
    identifier: email ?? claims.sub,
  };
}

/** openid-client's errors as the callback reports them: a refusal by the provider or a failed check. */
function classified(cause: unknown): ProviderError {
  if (cause instanceof ProviderError) return cause;
  const error = cause as Error & { code?: string; error?: string; error_description?: string };
  if (error.error) {
    const message = error.error_description ? `${error.error}: ${error.error_description}` : error.error;
    return new ProviderError(message, error.error === 'access_denied' ? 'access_denied' : 'provider_error');
  }
  const unreachable =
    error.code === 'OAUTH_TIMEOUT' ||
    error.name === 'TypeError' ||
    error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM';
  return new ProviderError(error.message, unreachable ? 'provider_error' : 'invalid_response');
}
