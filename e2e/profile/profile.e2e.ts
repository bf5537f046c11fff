import { APP_ID, EMAIL_ONLY_APP_ID, READ_ONLY_APP_ID } from './support/profile-apps';
import { changes, expect, freshEmail, openProfile, recordChanges, test } from './support/profile-test';

test('the success page greets the user and shows their profile, read-only until edited', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('show'));
  const profile = await openProfile(page, server.url, user);
  await expect(page.getByText('Way to go! You are signed in.')).toBeVisible();
  await expect(profile.getByText(user.email)).toBeVisible();
  await expect(profile.getByText('Verified')).toBeVisible();
  await expect(profile.getByText('Not set')).toBeVisible();
  for (const label of ['Full name', 'Birthday', 'Pets', 'Newsletter', 'Mobile', 'Work email']) {
    await expect(profile.getByLabel(label, { exact: true })).toBeDisabled();
  }
  const grid = profile.locator('.metadata-grid');
  const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(6);
  const [name, born] = await Promise.all(
    ['Full name', 'Birthday'].map((l) => profile.getByLabel(l, { exact: true }).boundingBox()),
  );
  expect(Math.abs((name?.y ?? 0) - (born?.y ?? 1))).toBeLessThan(2); // side by side, as laid out
  await expect(profile.getByText('No passkeys are registered.')).toBeVisible();
  expect((await changes(page)).map((c) => c.type)).toEqual(['loaded']);
});

test('without a session the profile says no user is logged in and offers to sign in', async ({
  page,
  server,
}) => {
  await recordChanges(page);
  // The element alone on a page of the server's origin, from the development build the server serves at
  // /dev/build/: the demo's account page shows a visitor without a session its own state instead.
  await page.route(`${server.url}/profile-alone`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><script type="module" src="/dev/build/open-passage.esm.js"></script>
        <passage-profile app-id="${APP_ID}" sign-in-url="/passage"></passage-profile></html>`,
    }),
  );
  await page.goto(`${server.url}/profile-alone`);
  const profile = page.locator('passage-profile');
  await expect(profile.getByText('No one is signed in.')).toBeVisible();
  await profile.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/passage$/);
  // Asking to sign in is not an expiry: the page hears `sign-in-requested`, never `session-expired`.
  expect(await changes(page)).toEqual([{ type: 'sign-in-requested', reason: 'signed-out' }]);
});

test('changing the email validates, refuses an address in use and confirms through the new address', async ({
  page,
  server,
  api,
}) => {
  const other = await api.signUp(freshEmail('taken'));
  const user = await api.signUp(freshEmail('mail'));
  const profile = await openProfile(page, server.url, user);
  await profile.getByRole('button', { name: 'Edit Email address' }).click();
  const input = profile.getByLabel('Email address', { exact: true });
  await expect(input).toBeFocused();
  await input.fill('');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('Enter an email address.')).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await input.fill('not-an-email');
  await input.press('Enter');
  await expect(profile.getByText('Enter a valid email address.')).toBeVisible();
  await input.fill(other.email.toUpperCase());
  await input.press('Enter');
  await expect(profile.getByText('This email is already in use.')).toBeVisible();

  const next = freshEmail('new');
  await input.fill(`  ${next.toUpperCase()} `);
  await input.press('Enter');
  await expect(profile.getByText(`We've sent a confirmation link to ${next}.`)).toBeVisible();
  await expect(profile.getByText(user.email)).toBeVisible(); // unchanged until the link is opened
  expect(await changes(page)).toContainEqual({
    type: 'email-change-requested',
    newEmail: next,
    confirmed: false,
  });

  // The link leads back to this page, which confirms the change on load and drops the link's query.
  const link = await api.lastVerifyLink(next);
  expect(link.pathname).toBe('/passageSuccess');
  await page.goto(link.href);
  await expect(profile.getByText('Your email address has been changed.')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/passageSuccess`);
  await expect(profile.getByText(next)).toBeVisible();
  await expect(profile.getByText(user.email)).toHaveCount(0);
  expect(await changes(page)).toContainEqual({ type: 'identifier-change-confirmed', identifier: 'email' });

  // The link is spent: opening it again says so, and the user stays signed in.
  await page.goto(link.href);
  await expect(profile.getByRole('alert')).toHaveText('This link is invalid or has expired.');
  await expect(page).toHaveURL(`${server.url}/passageSuccess`);
  await expect(profile.getByText(next)).toBeVisible();
});

test('changing the phone checks the number and sends the confirmation by text', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('phone'));
  const profile = await openProfile(page, server.url, user);
  await profile.getByRole('button', { name: 'Edit Phone number' }).click();
  const input = profile.getByLabel('Phone number', { exact: true });
  await input.press('Enter');
  await expect(profile.getByText('Enter a phone number.')).toBeVisible();
  await input.fill('12');
  await input.press('Enter');
  await expect(profile.getByText('Enter a valid phone number.')).toBeVisible();
  await input.fill('(201) 555-0123');
  await input.press('Enter');
  await expect(profile.getByText("We've sent a confirmation link to +12015550123.")).toBeVisible();
  await profile.getByRole('button', { name: 'Edit Phone number' }).click();
  await profile.getByRole('button', { name: 'Cancel' }).click();
  await expect(profile.getByRole('textbox', { name: 'Phone number' })).toHaveCount(0);
  await expect(profile.getByRole('button', { name: 'Edit Phone number' })).toBeFocused();

  await page.goto((await api.lastVerifyLink('+12015550123')).href);
  await expect(profile.getByText('Your phone number has been changed.')).toBeVisible();
  await expect(profile.getByText('+12015550123')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/passageSuccess`);
});

test('in an email-only app, a user who holds a phone number can change it', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('email-only'), EMAIL_ONLY_APP_ID);
  // The number came earlier through the API, confirmed by its link.
  const app = `/v1/apps/${EMAIL_ONLY_APP_ID}`;
  await api.call('PATCH', `${app}/currentuser/phone`, { new_phone: '+12015550177' }, user.authToken);
  const token = (await api.lastVerifyLink('+12015550177')).searchParams.get('psg_verify_link');
  expect((await api.call('PATCH', `${app}/magic-link/activate`, { magic_link: token })).status).toBe(200);

  const profile = await openProfile(page, server.url, user, EMAIL_ONLY_APP_ID);
  await expect(profile.getByText('+12015550177')).toBeVisible();
  await profile.getByRole('button', { name: 'Edit Phone number' }).click();
  const input = profile.getByLabel('Phone number', { exact: true });
  await input.fill('(201) 555-0178'); // checked by the phone library, which loads for this row
  await input.press('Enter');
  await expect(profile.getByText("We've sent a confirmation link to +12015550178.")).toBeVisible();
});

test('metadata: each type keeps its validation rule, the 63-character limit included, and saved values persist', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('meta'));
  const profile = await openProfile(page, server.url, user);
  await profile.getByRole('button', { name: 'Edit Personal info' }).click();
  const field = (label: string) => profile.getByLabel(label, { exact: true });
  await expect(field('Full name')).toBeFocused();
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.locator('#metadata-full_name-error')).toHaveText('This field is required.');
  await expect(profile.locator('#metadata-birthday-error')).toHaveText('This field is required.');

  await field('Full name').fill('a'.repeat(64));
  await field('Birthday').fill('1990-02-28');
  await field('Pets').pressSequentially('1.5e');
  await expect(field('Pets')).toHaveValue('15'); // keys other than digits and minus are blocked
  await field('Mobile').fill('123');
  await field('Work email').fill('ann@work');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.locator('#metadata-full_name-error')).toHaveText('Use at most 63 characters.');
  await expect(field('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(profile.locator('#metadata-mobile-error')).toHaveText('Enter a valid phone number.');
  await expect(profile.locator('#metadata-work_email-error')).toHaveText('Enter a valid email address.');
  await expect(profile.locator('#metadata-birthday-error')).toHaveText('');

  await field('Full name').fill('a'.repeat(63));
  await field('Mobile').fill('(201) 555-0123');
  await field('Work email').fill('ann@work.example');
  await field('Newsletter').check();
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('Saved.')).toBeVisible();
  await expect(field('Full name')).toBeDisabled();

  const stored = await api.call<{ user_metadata: Record<string, unknown> }>(
    'GET',
    `/v1/apps/${APP_ID}/currentuser/user-metadata`,
    undefined,
    user.authToken,
  );
  expect(stored.body.user_metadata).toEqual({
    full_name: 'a'.repeat(63),
    birthday: '1990-02-28',
    pets: 15,
    newsletter: true,
    mobile: '+12015550123',
    work_email: 'ann@work.example',
  });
  await page.reload();
  await expect(field('Mobile')).toHaveValue('+12015550123');
  await expect(field('Newsletter')).toBeChecked();
  expect((await changes(page)).map((c) => c.type)).toContain('loaded');
});

test('an app without profile management shows the profile read-only', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('ro'), READ_ONLY_APP_ID);
  const profile = await openProfile(page, server.url, user, READ_ONLY_APP_ID);
  await expect(profile.getByText(user.email)).toBeVisible();
  await expect(profile.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(profile.getByText('Your sign-in details cannot be changed here.')).toBeVisible();
  await expect(profile.getByLabel('Full name', { exact: true })).toBeDisabled();
});

test('an expired session asks the user to sign in again instead of failing silently', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('expired'));
  const profile = await openProfile(page, server.url, user);
  // The session ends elsewhere: the refresh token is revoked and the auth token has expired.
  await api.call('DELETE', `/v1/apps/${APP_ID}/tokens?refresh_token=${user.refreshToken}`);
  await page.evaluate(() => {
    const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    const expired = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ exp: 1 })}.x`;
    localStorage.setItem('psg_auth_token', expired);
  });
  await profile.getByRole('button', { name: 'Edit Personal info' }).click();
  await profile.getByLabel('Full name', { exact: true }).fill('Ann');
  await profile.getByLabel('Birthday', { exact: true }).fill('1990-01-01');
  await profile.getByLabel('Pets', { exact: true }).fill('1');
  await profile.getByLabel('Mobile', { exact: true }).fill('+12015550123');
  await profile.getByLabel('Work email', { exact: true }).fill('a@b.example');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(
    profile.getByRole('alert').filter({ hasText: 'Your session has expired. Please sign in again.' }),
  ).toBeVisible();
  await profile.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/passage$/);
  expect(await changes(page)).toEqual([
    expect.objectContaining({ type: 'loaded' }),
    { type: 'session-expired' },
    { type: 'sign-in-requested', reason: 'session-expired' },
  ]);
});

test('sign-out revokes the refresh token and clears the stored tokens', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('bye'));
  const profile = await openProfile(page, server.url, user);
  await profile.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/passage$/);
  expect(await page.evaluate(() => [localStorage.psg_auth_token, localStorage.psg_refresh_token])).toEqual([
    undefined,
    undefined,
  ]);
  const refresh = await api.call('POST', `/v1/apps/${APP_ID}/tokens`, {
    refresh_token: user.refreshToken,
  });
  expect(refresh.status).toBe(401);
});

test("the element's signOut() method signs out, as a page's own control would call it", async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('page-bye'));
  const profile = await openProfile(page, server.url, user);
  // The demo has no sign-out of its own (the profile's button is the one control), so call the method.
  // Not awaited in the page: signing out goes to /passage, which may end the page before it resolves.
  await profile.evaluate((el) => {
    void (el as HTMLElement & { signOut(): Promise<void> }).signOut();
  });
  await expect(page).toHaveURL(/\/passage$/);
  const refresh = await api.call('POST', `/v1/apps/${APP_ID}/tokens`, {
    refresh_token: user.refreshToken,
  });
  expect(refresh.status).toBe(401);
});

test.describe('accessibility', () => {
  // axe-core is injected as a script; the site's CSP rightly forbids that to pages.
  test.use({ bypassCSP: true });

  test('the profile and its dialogs pass axe-core in light and dark', async ({ page, server, api }) => {
    const user = await api.signUp(freshEmail('axe'));
    const profile = await openProfile(page, server.url, user);
    await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
    const violations = () =>
      page.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run(c: unknown): Promise<{ violations: { id: string }[] }> } }
        ).axe;
        return (await axe.run(document)).violations.map((v) => v.id);
      });
    expect(await violations()).toEqual([]);
    await profile.getByRole('button', { name: 'Edit Personal info' }).click();
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.locator('#metadata-full_name-error')).toHaveText('This field is required.');
    expect(await violations()).toEqual([]);
    await profile.evaluate((el) => el.setAttribute('theme', 'dark'));
    await profile.getByRole('button', { name: 'Learn more' }).click();
    const dialog = profile.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // axe blends colours through opacity: check the dialog once its fade-in has ended.
    await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(await violations()).toEqual([]);
  });
});
