import { isNonPublicHost } from '../security/public-address.js';

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
