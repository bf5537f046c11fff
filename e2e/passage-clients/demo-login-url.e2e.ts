import { expect, test } from '@playwright/test';
import { codeIn, DEMO_APP, lastMessageTo, linkIn, uniqueEmail, widget } from '../auth/support';

// The demo app's login_url (/passage): an email change requested as Passage's clients request it (no
// magic_link_path) sends a link that opens the demo's sign-in page, whose element applies the change.

test('on the demo, a change link requested without magic_link_path opens /passage and applies', async ({
  page,
}) => {
  const api = `/v1/apps/${DEMO_APP}`;
  const email = uniqueEmail('demo-login-url');
  const next = uniqueEmail('demo-login-url-new');
  const started = await page.request.post(`${api}/register/otp`, { data: { identifier: email } });
  const { otp_id } = (await started.json()) as { otp_id: string };
  const otp = codeIn(await lastMessageTo(page, email));
  const activated = await page.request.post(`${api}/otp/activate`, { data: { otp, otp_id } });
  const { auth_result } = (await activated.json()) as { auth_result: { auth_token: string } };
  const auth = { authorization: `Bearer ${auth_result.auth_token}` };

  const change = await page.request.patch(`${api}/currentuser/email`, {
    data: { new_email: next, language: 'en' },
    headers: auth,
  });
  expect(change.status()).toBe(200);
  const link = linkIn(await lastMessageTo(page, next));
  expect(new URL(link).pathname).toBe('/passage');

  await page.goto(link);
  await expect(widget(page)).toBeVisible();
  await expect
    .poll(async () => {
      const me = await page.request.get(`${api}/currentuser`, { headers: auth });
      return ((await me.json()) as { user: { email: string } }).user.email;
    })
    .toBe(next);
});
