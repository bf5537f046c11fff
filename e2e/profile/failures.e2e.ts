import type { Locator, Page } from '@playwright/test';
import { addPasskeysViaApi, addVirtualAuthenticator } from './support/passkeys';
import { FAILURES_APP_ID } from './support/profile-apps';
import {
  answerWithError,
  changes,
  expect,
  freshEmail,
  openProfile,
  recordChanges,
  type SignedIn,
  storeTokens,
  test,
  useApp,
} from './support/profile-test';

// The server's own limits: the 429 below is a real one (a server of this file's own, support/profile-test.ts).
test.use({ rateLimitFactor: '1' });

const APP = `/v1/apps/${FAILURES_APP_ID}`;
const REAUTH = {
  status: 401,
  code: 'reauthentication_required',
  message: 'Please sign in again before changing your passkeys.',
};
const REAUTH_TEXT = 'For your security, please sign in again before making this change.';

const storedTokens = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('psg_auth_token'), localStorage.getItem('psg_refresh_token')]);

async function fillPersonalInfo(profile: Locator, values: Record<string, string>) {
  await profile.getByRole('button', { name: 'Edit Personal info' }).click();
  for (const [label, value] of Object.entries(values))
    await profile.getByLabel(label, { exact: true }).fill(value);
}

test('a metadata change the server refuses (400) shows its reason and keeps the form open', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('meta-400'), FAILURES_APP_ID);
  const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
  // Digits only pass the element's "no decimals" rule; the server refuses a number this large.
  await fillPersonalInfo(profile, {
    'Full name': 'Ann',
    Birthday: '1990-01-01',
    Pets: '99999999999999999999',
    Mobile: '+12015550123',
    'Work email': 'ann@work.example',
  });
  await profile.getByRole('button', { name: 'Save' }).click();
  const message = 'Failed to update profile. user_metadata.pets must be a whole number.';
  await expect(profile.getByRole('alert')).toHaveText(message);
  await expect(profile.getByLabel('Full name', { exact: true })).toBeEnabled();
  await expect(profile.getByLabel('Full name', { exact: true })).toHaveValue('Ann');
  expect(await changes(page)).toContainEqual({ type: 'error', action: 'update-metadata', message });
  const stored = await api.call<{ user_metadata: unknown }>(
    'GET',
    `${APP}/currentuser/user-metadata`,
    undefined,
    user.authToken,
  );
  expect(stored.body.user_metadata).toBeNull();
});

test('an email change the server refuses: an address taken meanwhile (400), too many links (429)', async ({
  page,
  server,
  api,
}) => {
  const other = await api.signUp(freshEmail('taken'), FAILURES_APP_ID);
  const user = await api.signUp(freshEmail('refused'), FAILURES_APP_ID);
  const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
  const input = profile.getByLabel('Email address', { exact: true });

  // The lookup still finds the address free, but someone takes it before the change is asked for.
  await page.route('**/users?identifier=*', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ user: null }) }),
  );
  await profile.getByRole('button', { name: 'Edit Email address' }).click();
  await input.fill(other.email);
  await input.press('Enter');
  await expect(profile.getByRole('alert')).toHaveText(
    'Failed to update email. This email address is already in use.',
  );
  await expect(input).toHaveValue(other.email);
  await page.unroute('**/users?identifier=*');

  // Five links to one address in ten minutes is the server's limit; the sixth is refused with a 429.
  const next = freshEmail('flooded');
  for (let n = 0; n < 5; n++) {
    const sent = await api.call('PATCH', `${APP}/currentuser/email`, { new_email: next }, user.authToken);
    expect(sent.status).toBe(200);
  }
  await input.fill(next);
  await input.press('Enter');
  await expect(profile.getByRole('alert')).toHaveText(
    /^Failed to update email\. Too many codes or links were sent to this identifier\. Try again in \d+ seconds\.$/,
  );
  await expect(input).toHaveValue(next);
  await expect(profile.getByText(user.email)).toHaveCount(0); // still editing; nothing changed
  expect(await changes(page)).toContainEqual(
    expect.objectContaining({ type: 'error', action: 'change-email' }),
  );
});

test('signing out with the server unreachable still forgets the tokens here, and says so', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('offline-bye'), FAILURES_APP_ID);
  const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
  await page.route('**/tokens?refresh_token=*', (route) => route.abort('internetdisconnected'));
  await profile.getByRole('button', { name: 'Sign out' }).click();
  await expect(profile.getByRole('alert')).toHaveText(
    'You are signed out on this device, but the server could not be reached to end your session.',
  );
  await expect(page).toHaveURL(/\/passageSuccess$/); // the demo stays, so the message can be read
  expect(await storedTokens(page)).toEqual([null, null]);
  expect(await changes(page)).toContainEqual({ type: 'signed-out', revoked: false });
  await expect(profile.getByRole('button', { name: 'Sign in again' })).toBeVisible();
});

test('a first load that fails offers "Try again", which loads the profile', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('load-fail'), FAILURES_APP_ID);
  await recordChanges(page);
  await useApp(page, FAILURES_APP_ID);
  await storeTokens(page, server.url, user);
  await answerWithError(page, '**/currentuser', {
    status: 503,
    code: 'service_unavailable',
    message: 'The server is busy.',
  });
  await page.goto(`${server.url}/passageSuccess`);
  const profile = page.locator('passage-profile');
  await expect(profile.getByRole('alert')).toHaveText('Failed to load your profile. The server is busy.');
  const tryAgain = profile.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeVisible();
  await page.unroute('**/currentuser');
  await tryAgain.click();
  await expect(profile.getByText(user.email)).toBeVisible();
  await expect(profile.getByRole('alert')).toHaveCount(0);
  expect((await changes(page)).map((c) => c.type)).toEqual(['error', 'loaded']);
});

test('a refresh the network drops is a failed load, not the end of the session', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('blip'), FAILURES_APP_ID);
  await recordChanges(page);
  await useApp(page, FAILURES_APP_ID);
  await storeTokens(page, server.url, { ...user, authToken: expiredToken() });
  await page.route('**/tokens', (route) => route.abort('internetdisconnected'));
  await page.goto(`${server.url}/passageSuccess`);
  const profile = page.locator('passage-profile');
  const tryAgain = profile.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeVisible();
  await expect(profile.getByText('Your session has expired. Please sign in again.')).toHaveCount(0);
  expect((await storedTokens(page))[1]).toBe(user.refreshToken);

  await page.unroute('**/tokens');
  await tryAgain.click();
  await expect(profile.getByText(user.email)).toBeVisible();
  const [authToken, refreshToken] = await storedTokens(page);
  expect(authToken).not.toBe(expiredToken());
  expect(refreshToken).not.toBe(user.refreshToken); // rotated by the refresh that went through
  expect((await changes(page)).map((c) => c.type)).not.toContain('session-expired');
});

/** An auth token the client takes as expired (RS256/JWT header, `exp` long past). */
function expiredToken() {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ exp: 1 })}.x`;
}

/** One the client takes as valid (unexpired) but the server refuses: its signature is not the server's. */
function forgedToken() {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;
}

test.describe('401s by their code', () => {
  async function expectReauthentication(page: Page, profile: Locator, user: SignedIn, action: string) {
    const notice = profile.locator('[part="reauthentication-notice"]');
    await expect(notice.getByRole('alert')).toHaveText(REAUTH_TEXT);
    await expect(profile.getByRole('heading', { name: 'My passkeys' })).toBeVisible(); // still signed in
    expect(await storedTokens(page)).toEqual([user.authToken, user.refreshToken]);
    await notice.getByRole('button', { name: 'Sign in again' }).click();
    await expect(page).toHaveURL(/\/passage$/);
    expect(await storedTokens(page)).toEqual([user.authToken, user.refreshToken]); // the session is kept
    const seen = await changes(page);
    expect(seen).toContainEqual({ type: 'reauthentication-required', action });
    expect(seen).toContainEqual({ type: 'sign-in-requested', reason: 'reauthentication-required' });
    expect(seen.map((c) => c.type)).not.toContain('session-expired');
  }

  test('adding a passkey after a sign-in too old for it asks to sign in again, keeping the session', async ({
    page,
    server,
    api,
  }) => {
    const user = await api.signUp(freshEmail('reauth-add'), FAILURES_APP_ID);
    await addVirtualAuthenticator(page);
    const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
    await answerWithError(page, '**/currentuser/devices/start', REAUTH);
    await profile.getByRole('button', { name: 'Add passkey' }).click();
    await expectReauthentication(page, profile, user, 'add-device');
  });

  test('deleting a passkey after a sign-in too old for it asks to sign in again and keeps the passkey', async ({
    page,
    server,
    api,
  }) => {
    const user = await api.signUp(freshEmail('reauth-delete'), FAILURES_APP_ID);
    await addPasskeysViaApi(api, user, 1, FAILURES_APP_ID);
    const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
    await answerWithError(page, '**/currentuser/devices/*', REAUTH, 'DELETE');
    await profile.getByRole('button', { name: 'Delete Passkey 1' }).click();
    await profile.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(profile.locator('tbody tr')).toHaveCount(1);
    await expectReauthentication(page, profile, user, 'delete-device');
  });

  test('a passkey the server does not accept (401 webauthn_login_failed) is an ordinary failure', async ({
    page,
    server,
    api,
  }) => {
    const user = await api.signUp(freshEmail('add-401'), FAILURES_APP_ID);
    await addVirtualAuthenticator(page);
    const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
    await answerWithError(page, '**/currentuser/devices/finish', {
      status: 401,
      code: 'webauthn_login_failed',
      message: 'The passkey could not be verified.',
    });
    await profile.getByRole('button', { name: 'Add passkey' }).click();
    await expect(profile.getByRole('alert')).toHaveText(
      'Failed to add a passkey. The passkey could not be verified.',
    );
    await expect(profile.locator('[part="reauthentication-notice"]')).toHaveCount(0);
    await expect(profile.getByRole('button', { name: 'Add passkey' })).toBeEnabled();
    expect((await changes(page)).map((c) => c.type)).toEqual(['loaded', 'error']);
  });

  test('an auth token the server refuses (401 invalid_access_token) ends the session', async ({
    page,
    server,
    api,
  }) => {
    const user = await api.signUp(freshEmail('forged'), FAILURES_APP_ID);
    const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
    await page.evaluate((token) => localStorage.setItem('psg_auth_token', token), forgedToken());
    await profile.getByRole('button', { name: 'Edit Email address' }).click();
    await profile.getByLabel('Email address', { exact: true }).fill(freshEmail('never'));
    await profile.getByLabel('Email address', { exact: true }).press('Enter');
    await expect(profile.getByRole('alert')).toHaveText('Your session has expired. Please sign in again.');
    expect((await changes(page)).map((c) => c.type)).toEqual(['loaded', 'session-expired']);
  });
});
