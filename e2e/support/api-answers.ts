import type { Page } from '@playwright/test';
import { answerChecker } from '../../scripts/openapi-answers.mjs';

export interface CheckedAnswers {
  checked: string[];
  problems: string[];
}

/**
 * Checks every JSON answer of the API (`/v1/…`) the page receives against the server's OpenAPI
 * document. Returns a function that waits for the answers seen so far and gives the result.
 */
export async function checkApiAnswers(page: Page): Promise<() => Promise<CheckedAnswers>> {
  const check = answerChecker(await (await page.request.get('/v1/openapi.json')).json());
  const result: CheckedAnswers = { checked: [], problems: [] };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const method = response.request().method();
    const json = response.headers()['content-type']?.includes('application/json');
    if (!pathname.startsWith('/v1/') || !json || method === 'OPTIONS') return;
    pending.push(
      response.json().then((body: unknown) => {
        result.checked.push(`${method} ${pathname} ${response.status()}`);
        result.problems.push(...check(method, response.url(), response.status(), body));
      }),
    );
  });
  return async () => {
    await Promise.all(pending);
    return result;
  };
}
