import Type, { type Static } from 'typebox';
import { SOCIAL_CONNECTION_TYPE_PATTERN, SocialConnectionType } from 'open-passage/contract';

const URL_PATTERN = '^https?://';
const Url = Type.String({ minLength: 1, maxLength: 2048, pattern: URL_PATTERN });
const Secret = Type.String({ minLength: 1, maxLength: 8192 });

/**
 * One social provider an app offers (docs/server/social-sign-in.md). `type` is `google`, `github`,
 * `apple`, or the id of an OpenID Connect provider the app adds by `issuer`. Every endpoint can be
 * pointed elsewhere (tests, private deployments): `issuer` for the OpenID Connect ones (discovered
 * there), `authorization_endpoint`, `token_endpoint` and `api_url` for GitHub. The secrets
 * (`client_secret`, Apple's `private_key`) are never answered back by the admin API.
 */
export const SocialProviderSettings = Type.Object(
  {
    type: SocialConnectionType,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    client_id: Type.String({ minLength: 1, maxLength: 512 }),
    client_secret: Type.Optional(Secret),
    scopes: Type.Optional(
      Type.Array(Type.String({ pattern: '^[\\x21\\x23-\\x5b\\x5d-\\x7e]{1,128}$' }), { maxItems: 20 }),
    ),
    issuer: Type.Optional(Url),
    authorization_endpoint: Type.Optional(Url),
    token_endpoint: Type.Optional(Url),
    api_url: Type.Optional(Url),
    team_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    key_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    private_key: Type.Optional(Secret),
  },
  { additionalProperties: false },
);
export type SocialProviderSettings = Static<typeof SocialProviderSettings>;

/** What a provider's `type` and endpoints must be, for the errors of the apps file and the admin API. */
export const SOCIAL_PATTERN_WORDS = {
  [SOCIAL_CONNECTION_TYPE_PATTERN]:
    'must be google, github, apple, or your own lowercase id for an OpenID Connect provider ' +
    '(a lowercase letter, then up to 31 lowercase letters, digits or "-") — for example "okta"',
  [URL_PATTERN]:
    'must be an https URL (plain http only to localhost) — for example "https://login.example.com"',
} as const;

export const SocialProvidersSetting = Type.Array(SocialProviderSettings, { maxItems: 10 });

/** The secret fields of a provider's settings: stored, used, never answered nor logged. */
const SECRET_FIELDS = ['client_secret', 'private_key'] as const;

const BUILT_IN_NAMES: Record<string, string> = { google: 'Google', github: 'GitHub', apple: 'Apple' };

/** The button label of a provider: the built-in one, else the name the app gives it. */
export function providerName(provider: SocialProviderSettings): string {
  return BUILT_IN_NAMES[provider.type] ?? provider.name ?? provider.type;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http only to this machine (test providers, development); anything else must be https. */
function urlProblem(value: string): string | null {
  if (!URL.canParse(value)) return 'must be an absolute URL';
  const url = new URL(value);
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'https:') return null;
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname)
    ? null
    : 'must be an https URL (plain http only to localhost)';
}

/** The settings that name a provider endpoint the server calls. */
export const URL_FIELDS = ['issuer', 'authorization_endpoint', 'token_endpoint', 'api_url'] as const;

/** `a github`, `an apple`. */
const withArticle = (type: string): string => `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;

type ProviderField = keyof SocialProviderSettings;

/** The fields only some types read, with who reads them: given to another type, they would be ignored. */
const FIELDS_FOR: readonly {
  fields: readonly ProviderField[];
  takes: (type: string) => boolean;
  who: string;
}[] = [
  {
    fields: ['issuer'],
    takes: (type) => type !== 'github',
    who: 'OpenID Connect providers (google, apple and your own; github has authorization_endpoint, token_endpoint and api_url)',
  },
  {
    fields: ['authorization_endpoint', 'token_endpoint', 'api_url'],
    takes: (type) => type === 'github',
    who: 'github',
  },
  { fields: ['team_id', 'key_id', 'private_key'], takes: (type) => type === 'apple', who: 'apple' },
];

/** What the providers of one type need beyond the schema, and what they do not take, as `{field, message}`. */
function typeProblem(provider: SocialProviderSettings): { field?: string; message: string } | null {
  const need: ProviderField[] =
    provider.type === 'apple'
      ? ['team_id', 'key_id', 'private_key']
      : provider.type === 'google' || provider.type === 'github'
        ? ['client_secret']
        : ['issuer', 'name'];
  const absent = need.filter((field) => provider[field] === undefined);
  if (absent.length > 0)
    return { message: `${absent.join(', ')} must be set for ${withArticle(provider.type)} provider` };
  for (const { fields, takes, who } of FIELDS_FOR) {
    const given = fields.find((field) => provider[field] !== undefined);
    if (given && !takes(provider.type))
      return {
        field: given,
        message: `is only for ${who}: ${withArticle(provider.type)} provider takes none`,
      };
  }
  return null;
}

/**
 * Why these providers cannot be an app's, as `{field, message}`, or null: each type once, what each
 * type needs and no field its type ignores, http(s) endpoints (plain http only to localhost).
 */
export function socialProvidersProblem(
  providers: readonly SocialProviderSettings[],
): { field: string; message: string } | null {
  const seen = new Set<string>();
  for (const [index, provider] of providers.entries()) {
    const field = `social_providers[${index}]`;
    if (seen.has(provider.type)) return { field, message: `lists ${provider.type} a second time` };
    seen.add(provider.type);
    const problem = typeProblem(provider);
    if (problem)
      return { field: problem.field ? `${field}.${problem.field}` : field, message: problem.message };
    for (const name of URL_FIELDS) {
      const value = provider[name];
      const problem = value === undefined ? null : urlProblem(value);
      if (problem) return { field: `${field}.${name}`, message: problem };
    }
  }
  return null;
}

/** The providers without their secrets, as the admin API answers them. */
export function withoutSecrets(providers: readonly SocialProviderSettings[]): SocialProviderSettings[] {
  return providers.map((provider) => {
    const copy = { ...provider };
    for (const field of SECRET_FIELDS) delete copy[field];
    return copy;
  });
}

/** The fields that say where a provider's secrets go: a change of any of them needs the secrets again. */
const DESTINATION_FIELDS = ['client_id', ...URL_FIELDS] as const;

/**
 * A change through the admin API that leaves a provider's secret out keeps the stored one (the API
 * never answers secrets, so a client that sends back what it read must not erase them), but only while
 * the secret would go where it went before: the same client_id and endpoints. Else the change must carry
 * the secrets again: `problem` names the first provider that lacks them.
 */
export function keepingSecrets(
  next: readonly SocialProviderSettings[],
  stored: readonly SocialProviderSettings[] = [],
): { providers: SocialProviderSettings[]; problem?: { field: string; message: string } } {
  let problem: { field: string; message: string } | undefined;
  const providers = next.map((provider, index) => {
    const before = stored.find((one) => one.type === provider.type);
    if (!before) return provider;
    const kept = { ...provider };
    const sameDestination = DESTINATION_FIELDS.every((field) => provider[field] === before[field]);
    for (const field of SECRET_FIELDS) {
      if (kept[field] !== undefined || !before[field]) continue;
      if (sameDestination) kept[field] = before[field];
      else
        problem ??= {
          field: `social_providers[${index}].${field}`,
          message: 'must be sent again when client_id or an endpoint changes',
        };
    }
    return kept;
  });
  return problem ? { providers, problem } : { providers };
}
