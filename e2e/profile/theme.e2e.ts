import { addPasskeysViaApi } from './support/passkeys';
import { expect, freshEmail, openProfile, test } from './support/profile-test';
import { computed } from '../support/computed-style';

/** Where each variable shows: [selector, property, value set by the page, default as in docs/theming.md]. */
const PROBES: [string, string, string, string, string][] = [
  ['input-box-text-color', '#identifier-email', 'color', 'rgb(1, 2, 3)', 'rgb(34, 34, 34)'],
  ['input-box-border-color', '#identifier-email', 'border-top-color', 'rgb(4, 5, 6)', 'rgb(118, 118, 118)'],
  ['input-box-border-width', '#identifier-email', 'border-top-width', '3px', '1px'],
  ['input-box-border-color', '#page-size', 'border-top-color', 'rgb(4, 5, 6)', 'rgb(118, 118, 118)'],
  ['focus-ring-color', '#identifier-email', 'outline-color', 'rgb(7, 8, 9)', 'rgb(26, 86, 219)'],
  ['link-color', '[data-edit="phone"]', 'color', 'rgb(10, 11, 12)', 'rgb(26, 86, 219)'],
  ['header-font-size', '#passkeys-title', 'font-size', '31px', '24px'],
  ['header-font-weight', '#passkeys-title', 'font-weight', '300', '700'],
  ['body-font-size', '.container', 'font-size', '17px', '14px'],
  ['primary-button-font-size', '.add-device', 'font-size', '19px', '14px'],
  ['primary-button-width', '.add-device', 'min-width', '77%', '40%'],
  ['secondary-button-font-size', '.sign-out button', 'font-size', '13px', '14px'],
  [
    'container-box-shadow',
    '.container',
    'box-shadow',
    'rgb(1, 1, 1) 0px 0px 5px 0px',
    'rgba(0, 0, 0, 0.12) 0px 1px 3px 0px, rgba(0, 0, 0, 0.08) 0px 4px 12px 0px',
  ],
  ['error-color', '.alert', 'color', 'rgb(13, 14, 15)', 'rgb(198, 40, 40)'],
  ['success-color', '.status', 'color', 'rgb(16, 17, 18)', 'rgb(46, 125, 50)'],
  ['container-max-width', '.container', 'max-width', '500px', '600px'],
];

test('the profile takes the documented defaults and every --passage-* variable a page sets', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('theme'));
  await addPasskeysViaApi(api, user, 1); // so the paginator and its page-size select show
  const profile = await openProfile(page, server.url, user);
  await profile.getByRole('button', { name: 'Edit Email address' }).click();
  await expect(profile.getByLabel('Email address', { exact: true })).toBeFocused();
  const read = async () => {
    const values: string[] = [];
    for (const [, selector, property] of PROBES)
      values.push(...(await computed(profile, selector, [property])));
    return values;
  };
  expect(await read()).toEqual(PROBES.map((probe) => probe[4]));

  await profile.evaluate(
    (el, styles) => {
      for (const [name, value] of styles) (el as HTMLElement).style.setProperty(`--passage-${name}`, value);
    },
    PROBES.map(([name, , , value]): [string, string] => [name, value]),
  );
  expect(await read()).toEqual(PROBES.map((probe) => probe[3]));
});

test('dark: the documented dark defaults, and /passageSuccess follows a dark system', async ({
  page,
  server,
  api,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const user = await api.signUp(freshEmail('dark'));
  await addPasskeysViaApi(api, user, 1);
  const profile = await openProfile(page, server.url, user);
  await expect(profile.locator('.container')).toHaveAttribute('data-theme', 'dark');
  expect(await computed(profile, '.container', ['background-color', 'color'])).toEqual([
    'rgb(56, 56, 56)',
    'rgb(243, 243, 243)',
  ]);
  expect(await computed(profile, '#page-size', ['border-top-color', 'background-color'])).toEqual([
    'rgb(163, 163, 163)',
    'rgb(75, 75, 75)',
  ]);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(profile.locator('.container')).toHaveAttribute('data-theme', 'light');
});
