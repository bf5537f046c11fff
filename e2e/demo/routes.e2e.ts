import { expect, test } from '@playwright/test';

test('an unknown path shows the error page with the status text in italics', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  const response = await page.goto('/no/such/page');
  // The server says so too: the app shell comes with a 404 status.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('Sorry, an unexpected error has occurred.')).toBeVisible();
  await expect(page.locator('i')).toHaveText('Not Found');
  // Chromium reports the 404 document itself on the console; nothing else may fail.
  expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
});

test('other pages get their own prerendered page or the app shell, never the portfolio', async ({
  request,
}) => {
  for (const [path, shell] of [
    ['/passage', false],
    ['/passageSuccess', false],
    ['/no/such/page', true],
  ] as const) {
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
    expect(html.includes('<div id="root"></div>'), path).toBe(shell);
    expect(html, path).not.toContain('Highlighted Projects');
  }
});

test('/passage mounts the sign-in widget with the configured app id', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/passage');
  await expect(page.locator('passage-auth')).toHaveAttribute('app-id', 'opDemo7Kq2Lx9RmT4wYc6dHf');
  await expect(page.locator('passage-auth').getByRole('button', { name: 'Continue' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('/passage follows the system colour scheme, and its changes while open', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/passage');
  const container = page.locator('passage-auth').locator('[part="container"]');
  await expect(container).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(container).toHaveAttribute('data-theme', 'light');
});

test('/passageSuccess renders its page, not the error page', async ({ page }) => {
  await page.goto('/passageSuccess');
  // Nobody is signed in here: the page says so (signed in, it says "Way to go!": host-pages.e2e.ts).
  await expect(page.getByText('You are not signed in.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops!' })).toHaveCount(0);
});
