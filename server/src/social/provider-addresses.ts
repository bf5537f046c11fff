import type { AppSettings } from '../apps/app-settings.js';
import { URL_FIELDS } from '../apps/social-settings.js';
import { isNonPublicHost } from '../security/public-address.js';

/** What says how to allow what `providerAddressProblem` refuses, for the operator's log. */
export const LOCAL_PROVIDERS_HINT =
  'the server calls providers on http, on this machine or on a private network only in development mode or with SOCIAL_LOCAL_PROVIDERS=true';

/**
 * Why the server may not call `url` for a social provider, or null. With `localProviders` (development
 * mode, or SOCIAL_LOCAL_PROVIDERS=true: test providers, a private identity provider) anything the
 * settings accept goes; otherwise only https to a name or a public address (security/public-address.ts,
 * the test webhooks use too). A name is not resolved here: a public name pointing at a private address
 * is the provider operator's doing, not a user's.
 */
export function providerAddressProblem(url: string, localProviders: boolean): string | null {
  if (localProviders) return null;
  if (!URL.canParse(url)) return `${url} is not a URL`;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return `${parsed.origin} is not https`;
  return isNonPublicHost(parsed) ? `${parsed.host} is on this machine or a private network` : null;
}

/**
 * The configured provider endpoints this server will refuse to call, one line each for the start-up log:
 * such a provider is offered but every sign-in with it fails, which the operator should hear at start,
 * not from a user. (What a provider's discovery names is checked when it is fetched.)
 */
export function unreachableProviders(apps: readonly AppSettings[], localProviders: boolean): string[] {
  const lines: string[] = [];
  for (const app of apps) {
    for (const provider of app.social_providers ?? []) {
      for (const url of URL_FIELDS.map((field) => provider[field])) {
        const problem = url === undefined ? null : providerAddressProblem(url, localProviders);
        if (problem) lines.push(`app "${app.name}" (${app.id}), provider ${provider.type}: ${problem}`);
      }
    }
  }
  return lines;
}
