import { GitHubFake } from './github-fake.js';
import { OidcTestProvider } from './oidc-test-provider.js';
import { RedirectList } from './provider-controls.js';

export type { ProviderControls, TestUser } from './provider-controls.js';

/** The providers' part of an app's settings (`social_providers`), as the server's apps file takes it. */
export interface SocialProviderSetting {
  type: string;
  name?: string;
  client_id: string;
  client_secret?: string;
  issuer?: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  api_url?: string;
  team_id?: string;
  key_id?: string;
  private_key?: string;
}

export interface SocialProviders {
  google: OidcTestProvider;
  apple: OidcTestProvider;
  github: GitHubFake;
  /** An app's own OpenID Connect provider, added by issuer as type `acme` ("Acme ID"). */
  acme: OidcTestProvider;
  /** `social_providers` for an app: all four, in this order, or the types named. */
  settings(types?: readonly string[]): SocialProviderSetting[];
  /** Accept only these callback URLs (default: any on 127.0.0.1 or localhost). */
  allowRedirect(url: string): void;
  /** Every provider back to a well-behaved one with a fresh user. */
  reset(): void;
  stop(): Promise<void>;
}

export interface SocialProvidersOptions {
  /**
   * The host in the providers' URLs: `127.0.0.1` (default), or `localhost` for a browser test of the
   * Apple-like provider against a server at `http://localhost:…`. Its `form_post` is a POST from the
   * provider's page, and over plain http the flow's cookie is `SameSite=Lax`: it rides along only when
   * the provider and the server are the same site (the same host, whatever the ports).
   */
  host?: '127.0.0.1' | 'localhost';
}

/**
 * Starts test doubles of Google (a real OpenID Connect provider), Apple (the same with form_post, a JWT
 * client secret and `email_verified` as text), GitHub (a fake of its OAuth and user API) and a
 * generic OpenID Connect provider, each on 127.0.0.1 at a random port, for server and browser tests.
 */
export async function startSocialProviders(options: SocialProvidersOptions = {}): Promise<SocialProviders> {
  const host = options.host ?? '127.0.0.1';
  const redirects = new RedirectList();
  const google = new OidcTestProvider({ flavour: 'google', clientId: 'google-test-client', redirects, host });
  const apple = new OidcTestProvider({
    flavour: 'apple',
    clientId: 'com.example.test.signin',
    redirects,
    host,
  });
  const acme = new OidcTestProvider({ flavour: 'oidc', clientId: 'acme-test-client', redirects, host });
  const github = new GitHubFake(redirects, host);
  await Promise.all([google.start(), apple.start(), acme.start(), github.start()]);
  const all: Record<string, SocialProviderSetting> = {
    google: {
      type: 'google',
      client_id: 'google-test-client',
      client_secret: google.clientSecret,
      issuer: google.issuer,
    },
    github: {
      type: 'github',
      client_id: github.clientId,
      client_secret: github.clientSecret,
      authorization_endpoint: `${github.url}/login/oauth/authorize`,
      token_endpoint: `${github.url}/login/oauth/access_token`,
      api_url: github.url,
    },
    apple: {
      type: 'apple',
      client_id: 'com.example.test.signin',
      issuer: apple.issuer,
      team_id: apple.apple!.teamId,
      key_id: apple.apple!.keyId,
      private_key: apple.apple!.privateKeyPem,
    },
    acme: {
      type: 'acme',
      name: 'Acme ID',
      client_id: 'acme-test-client',
      client_secret: acme.clientSecret,
      issuer: acme.issuer,
    },
  };
  return {
    google,
    apple,
    github,
    acme,
    settings: (types = ['google', 'github', 'apple', 'acme']) => types.map((type) => ({ ...all[type]! })),
    allowRedirect: (url) => redirects.add(url),
    reset: () => [google, apple, github, acme].forEach((provider) => provider.reset()),
    stop: async () => {
      await Promise.all([google.stop(), apple.stop(), acme.stop(), github.stop()]);
    },
  };
}
