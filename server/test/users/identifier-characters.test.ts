import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIdentifier } from '../../src/users/identifier.js';
import { signedInUser } from '../support/signed-in-user.js';
import { newApiKey } from '../support/api-key.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-identifier-characters';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Characters that do not show, each inside an email's local part: `ada<char>lovelace@example.com`. */
const INVISIBLE = {
  'zero-width space': '\u200B',
  'zero-width non-joiner': '\u200C',
  'zero-width joiner': '\u200D',
  'word joiner': '\u2060',
  'byte order mark': '\uFEFF',
  'soft hyphen': '\u00AD',
  'right-to-left override': '\u202E',
  'Mongolian vowel separator': '\u180E',
  'variation selector 16': '\uFE0F',
  'Hangul filler': '\u3164',
  'tag space': '\u{E0020}',
  NUL: '\u0000',
};
const lookalike = (char: string) => `ada${char}lovelace@example.com`;
// A NUL is refused before any handler, with its own words (http/nul-characters.ts).
const refusal = {
  code: 'invalid_request',
  error: expect.stringMatching(/invisible character|NUL character/),
};

describe('identifiers with characters one cannot see', () => {
  let t: RunningTestServer;
  let apiKey: string;
  let existing: { userId: string; token: string };
  const app = `/v1/apps/${TEST_APP_ID}`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY },
      apps: [
        {
          id: TEST_APP_ID,
          user_metadata_schema: [
            {
              id: 'm1',
              field_name: 'work_email',
              friendly_name: 'Work email',
              type: 'email',
              registration: true,
              profile: true,
            },
          ],
        },
      ],
    });
    apiKey = await newApiKey(t, ADMIN_KEY, TEST_APP_ID);
    const signed = await signedInUser(t, TEST_APP_ID, 'changer@example.com');
    existing = { userId: signed.userId, token: signed.auth.auth_token };
  });
  afterAll(() => t.stop());

  it.each(Object.entries(INVISIBLE))(
    'refuses an email with a %s wherever one enters',
    async (_name, char) => {
      const email = lookalike(char);
      const storedEmails = async () =>
        (await t.server.db.selectFrom('users').select('email').where('app_id', '=', TEST_APP_ID).execute())
          .map((row) => row.email)
          .sort();
      const before = await storedEmails();
      const answers = [
        await t.call('GET', `${app}/users?identifier=${encodeURIComponent(email)}`),
        await t.call('POST', `${app}/users`, { identifier: email }),
        await t.call('POST', `${app}/register/otp`, { identifier: email }),
        await t.call('POST', `${app}/login/otp`, { identifier: email }),
        await t.call('POST', `${app}/login/magic-link`, { identifier: email }),
        await t.call('POST', `${app}/users`, { email }, bearer(apiKey)),
        await t.call('PATCH', `${app}/users/${existing.userId}`, { email }, bearer(apiKey)),
        await t.call('POST', `${app}/magic-links`, { email }, bearer(apiKey)),
        await t.call(
          'GET',
          `${app}/users?identifier=${encodeURIComponent(email)}`,
          undefined,
          bearer(apiKey),
        ),
        await t.call(
          'GET',
          `/admin/v1/apps/${TEST_APP_ID}/users?identifier=${encodeURIComponent(email)}`,
          undefined,
          bearer(ADMIN_KEY),
        ),
        await t.call('PATCH', `${app}/currentuser/email`, { new_email: email }, bearer(existing.token)),
      ];
      for (const [i, answer] of answers.entries()) {
        expect(answer.status, `call #${i + 1}`).toBe(400);
        expect(await answer.json(), `call #${i + 1}`).toEqual(refusal);
      }
      const metadata = await t.call(
        'PATCH',
        `${app}/currentuser/user-metadata`,
        { user_metadata: { work_email: email } },
        bearer(existing.token),
      );
      expect(metadata.status).toBe(400);
      // Nothing was stored or changed by any of the refused calls.
      expect(await storedEmails()).toEqual(before);
    },
  );

  it('takes an accent typed as a letter and a combining mark as the same address (Unicode NFC)', async () => {
    const composed = 'r\u00E9my@example.com';
    const decomposed = 'r\u0065\u0301my@example.com';
    expect(parseIdentifier(decomposed, 'email')).toEqual({
      ok: true,
      identifier: { type: 'email', value: composed },
    });
    const created = await t.call('POST', `${app}/users`, { email: decomposed }, bearer(apiKey));
    expect(created.status).toBe(201);
    expect(((await created.json()) as Json).user.email).toBe(composed);
    const again = await t.call('POST', `${app}/users`, { email: composed }, bearer(apiKey));
    expect(again.status).toBe(409);
  });
});
