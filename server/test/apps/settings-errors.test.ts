import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAppsFile } from '../../src/apps/apps-file.js';
import { loadConfig } from '../../src/config/config.js';

// A mistake in a setting or the apps file is answered in plain words: the setting or field, the value
// given, what it takes (every allowed value), and an example. Never the schema's own text.
const SCHEMA_TEXT = /must match pattern|equal to constant|schema is false|additional properties|anyOf|\^/;

describe('settings errors', () => {
  const refused = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env, '/somewhere');
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`loadConfig took ${JSON.stringify(env)}`);
  };

  it('LOG_LEVEL: names the setting, the value, every level and an example', () => {
    expect(refused({ LOG_LEVEL: 'verbose' })).toBe(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose" — for example LOG_LEVEL=debug',
    );
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: '' }).logLevel).toBe('info');
  });

  it.each([
    [
      { PORT: 'eighty' },
      'PORT must be a whole number from 0 to 65535 (0 picks a free port), got "eighty" — for example PORT=8080',
    ],
    [
      { PUBLIC_URL: 'id.example.com' },
      'PUBLIC_URL must be the http(s) address users reach the server at, got "id.example.com" — for example PUBLIC_URL=https://id.example.com',
    ],
    [{ PUBLIC_URL: 'ftp://id.example.com' }, 'PUBLIC_URL must be the http(s) address'],
    [{ PUBLIC_URL: 'https://id.example.com/?x=1' }, 'PUBLIC_URL must be the http(s) address'],
    [
      { DATABASE_URL: 'mysql://db/op' },
      'DATABASE_URL must start with sqlite: or postgres://, got "mysql://db/op" — for example DATABASE_URL=sqlite:data/open-passage.db',
    ],
    [
      { SMTP_URL: 'mail.example.com:587' },
      'SMTP_URL must be a URL starting with smtp:// or smtps://, got "mail.example.com:587" — for example SMTP_URL=smtp://user:password@mail.example.com:587',
    ],
    [
      { SMS_PROVIDER: 'sms.example.com' },
      'SMS_PROVIDER must be twilio, vonage, sns or the URL of an HTTP SMS gateway starting with https:// or http://, got "sms.example.com" — for example SMS_PROVIDER=twilio or SMS_PROVIDER=https://sms.example.com/send',
    ],
    [
      { MAIL_FROM: 'Shop <no-reply@shop.example>' },
      'MAIL_FROM must be an email address, got "Shop <no-reply@shop.example>" — for example MAIL_FROM=no-reply@example.com',
    ],
    [
      { CONTACT_TO: 'owner' },
      'CONTACT_TO must be an email address, got "owner" — for example CONTACT_TO=hello@example.com',
    ],
    [
      { RATE_LIMIT_FACTOR: '-1' },
      'RATE_LIMIT_FACTOR must be a number ≥ 0 (1 keeps the limits, 0 switches them off), got "-1" — for example RATE_LIMIT_FACTOR=2',
    ],
  ])('%j is refused, naming the setting, the value and an example', (env, message) => {
    expect(refused(env)).toContain(message);
  });

  it('takes the URLs and addresses it documents', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://id.example.com/',
      DATABASE_URL: 'postgresql://user@db.example.com/op',
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      SMS_PROVIDER: 'http://127.0.0.1:9000/send',
      MAIL_FROM: 'no-reply@shop.example',
    });
    expect(config.publicUrl).toBe('https://id.example.com');
    expect(config.databaseUrl).toBe('postgresql://user@db.example.com/op');
  });
});

describe('apps file errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'open-passage-apps-errors-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'passage-apps.json');
  const valid = { id: 'myApp0000000000001', name: 'My app', auth_origin: 'https://www.example.com' };

  /** The message readAppsFile throws for a file with these apps. */
  async function refusal(apps: unknown[] | string): Promise<string> {
    writeFileSync(file, typeof apps === 'string' ? apps : JSON.stringify({ apps }));
    const message = await readAppsFile(file, {}).then(
      () => 'no error',
      (error: Error) => error.message,
    );
    expect(message).not.toMatch(SCHEMA_TEXT);
    return message;
  }

  it('an origin with a path: the file, the app by name and number, the field, the value, an example', async () => {
    expect(await refusal([valid, { ...valid, auth_origin: 'http://localhost:3000/' }])).toBe(
      `apps file ${file}, app "My app" (#2): auth_origin "http://localhost:3000/" must be an origin: scheme, host and optional port, no path — for example "https://www.example.com"`,
    );
    expect(
      await refusal([{ ...valid, allowed_redirect_origins: ['https://shop.example.com/cart'] }]),
    ).toMatch(/allowed_redirect_origins\[0\] "https:\/\/shop\.example\.com\/cart" must be an origin/);
  });

  it("a social provider's field: named, never quoted as undefined (nor its secret)", async () => {
    const message = await refusal([
      {
        ...valid,
        social_providers: [
          {
            type: 'acme',
            name: 'Acme',
            issuer: 'http://10.0.0.5/',
            client_id: 'id',
            client_secret: 'S3CRET',
          },
        ],
      },
    ]);
    expect(message).toMatch(
      /: social_providers\[0\]\.issuer must be an https URL \(plain http only to localhost\)$/,
    );
    expect(message).not.toMatch(/undefined|S3CRET/);
  });

  it("a social provider's type, issuer, missing fields and a field its type ignores: what it takes", async () => {
    const provider = (fields: Record<string, unknown>) =>
      refusal([{ ...valid, social_providers: [{ client_id: 'id', client_secret: 'S3CRET', ...fields }] }]);
    const typeForm =
      'must be google, github, apple, or your own lowercase id for an OpenID Connect provider ' +
      '(a lowercase letter, then up to 31 lowercase letters, digits or "-") — for example "okta"';
    expect(await provider({ type: 'Okta' })).toMatch(`: social_providers[0].type "Okta" ${typeForm}`);
    expect(await provider({ type: 'okta', name: 'Okta', issuer: 'not a url' })).toMatch(
      /: social_providers\[0\]\.issuer "not a url" must be an https URL \(plain http only to localhost\) — for example "https:\/\/login\.example\.com"$/,
    );
    expect(
      await refusal([{ ...valid, social_providers: [{ name: 'Okta', issuer: 'https://okta.example' }] }]),
    ).toMatch(`: social_providers[0] lacks the required fields "type", "client_id": type ${typeForm}`);
    expect(await provider({ type: 'apple' })).toMatch(
      /: social_providers\[0\] team_id, key_id, private_key must be set for an apple provider$/,
    );
    expect(await provider({ type: 'github', issuer: 'https://github.com' })).toMatch(
      /: social_providers\[0\]\.issuer is only for OpenID Connect providers \(google, apple and your own; github has authorization_endpoint, token_endpoint and api_url\): a github provider takes none$/,
    );
    expect(await provider({ type: 'google', api_url: 'https://api.example.com' })).toMatch(
      /: social_providers\[0\]\.api_url is only for github: a google provider takes none$/,
    );
    expect(await provider({ type: 'github', issuer: 'https://github.com' })).not.toMatch(/S3CRET/);
  });

  it('an enum: every allowed value', async () => {
    expect(await refusal([{ ...valid, allowed_identifier: 'mail' }])).toMatch(
      /: allowed_identifier "mail" must be one of "email", "phone" or "both"$/,
    );
    expect(await refusal([{ ...valid, required_identifier: 'any' }])).toMatch(
      /: required_identifier "any" must be one of "email", "phone", "both" or "either"$/,
    );
    expect(await refusal([{ ...valid, auth_fallback_method: 'sms' }])).toMatch(
      /auth_fallback_method "sms" must be one of "otp", "magic_link" or "none"$/,
    );
    expect(
      await refusal([
        {
          ...valid,
          user_metadata_schema: [{ id: 'f', field_name: 'age', friendly_name: 'Age', type: 'int' }],
        },
      ]),
    ).toMatch(
      /user_metadata_schema\[0\]\.type "int" must be one of "string", "boolean", "integer", "date", "phone" or "email"$/,
    );
  });

  it('an unknown field: its name and the fields there are', async () => {
    const message = await refusal([{ ...valid, colour: 'red' }]);
    expect(message).toMatch(
      /app "My app" \(#1\): unknown field "colour": the fields are id, name, auth_origin, /,
    );
    expect(
      await refusal([{ ...valid, api_keys: [{ name: 'ci', sha256: 'a'.repeat(64), key: 'x' }] }]),
    ).toMatch(/api_keys\[0\] has unknown field "key": the fields are name, sha256$/);
  });

  it('a missing field, a wrong type, a number out of range, a bad id, language or address', async () => {
    expect(await refusal([{ name: 'Nameless origin' }])).toBe(
      `apps file ${file}, app "Nameless origin" (#1): lacks the required fields "id", "auth_origin": ` +
        'id must be 8 to 64 letters and digits — for example "shopAppK2x9RmT4wYc6d"; ' +
        'auth_origin must be an origin: scheme, host and optional port, no path — for example "https://www.example.com"',
    );
    expect(await refusal([{ ...valid, public_signup: 'yes' }])).toMatch(
      /public_signup "yes" must be true or false$/,
    );
    expect(await refusal([{ ...valid, session_timeout_length: 5 }])).toMatch(
      /session_timeout_length 5 must be at least 60$/,
    );
    expect(await refusal([{ ...valid, id: 'short' }])).toMatch(
      /id "short" must be 8 to 64 letters and digits — for example "/,
    );
    expect(await refusal([{ ...valid, default_language: 'English' }])).toMatch(
      /default_language "English" must be a language tag — for example "en" or "pt-BR"$/,
    );
    expect(await refusal([{ ...valid, contact_to: 'owner' }])).toMatch(
      /contact_to "owner" must be an email address — for example "hello@example.com"$/,
    );
    expect(await refusal([{ ...valid, name: '' }])).toMatch(/app #1: name "" must not be empty$/);
    expect(await refusal(['My app'])).toMatch(/app #1: "My app" must be an object/);
  });

  it('several problems of one app: each on its own line', async () => {
    const message = await refusal([{ ...valid, auth_origin: 'example.com', allowed_identifier: 'mail' }]);
    expect(message.split('\n')).toEqual([
      `apps file ${file}, app "My app" (#1):`,
      expect.stringMatching(/^ {2}- auth_origin "example\.com" must be an origin/),
      '  - allowed_identifier "mail" must be one of "email", "phone" or "both"',
    ]);
  });

  it('a file that is missing, not JSON, or not {"apps": [ … ]}', async () => {
    expect(await readAppsFile(join(dir, 'none.json'), {}).catch((e: Error) => e.message)).toMatch(
      /^apps file .*none\.json does not exist: create it with your apps, for example {"apps": \[{"id": .* Only the open-passage-server command creates one, on a first run with APPS_FILE unset; buildServer and the import do not\.$/,
    );
    expect(await refusal('{"apps": [}')).toMatch(/^apps file .* is not valid JSON: /);
    expect(await refusal('[]')).toBe(
      `apps file ${file} must be an object with a list of apps: {"apps": [ … ]}`,
    );
  });
});
