import { expect, freshEmail, openProfile, test } from './support/profile-test';

/** A word only the Arabic profile strings contain (their "My account"). */
const ARABIC_PROFILE = 'حسابي';

test('lang switches the texts and direction; a slower, older language load never overwrites a newer one', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('lang'));
  const profile = await openProfile(page, server.url, user);
  const container = profile.locator('[part="container"]');

  await profile.evaluate((el) => el.setAttribute('lang', 'de'));
  await expect(profile.getByRole('heading', { name: 'Anmeldedaten' })).toBeVisible();
  await expect(container).toHaveAttribute('dir', 'ltr');

  // The Arabic strings arrive late: asked for first, they must lose to the English asked for after.
  let arabicSent!: () => void;
  const arabicServed = new Promise<void>((resolve) => (arabicSent = resolve));
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (!body.includes(ARABIC_PROFILE)) return route.fulfill({ response, body });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fulfill({ status: 200, contentType: 'text/javascript', body });
    arabicSent();
  });
  await profile.evaluate((el) => el.setAttribute('lang', 'ar'));
  await profile.evaluate((el) => el.setAttribute('lang', 'en'));
  await expect(profile.getByRole('heading', { name: 'Sign-in details' })).toBeVisible();
  await arabicServed;
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  await expect(profile.getByRole('heading', { name: 'Sign-in details' })).toBeVisible();
  await expect(container).toHaveAttribute('lang', 'en');

  // Asked for alone, Arabic applies, right to left.
  await page.unrouteAll();
  await profile.evaluate((el) => el.setAttribute('lang', 'ar'));
  await expect(profile.getByRole('heading', { name: 'بيانات تسجيل الدخول' })).toBeVisible();
  await expect(container).toHaveAttribute('dir', 'rtl');
});
