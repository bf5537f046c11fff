import type { Page } from '@playwright/test';
import { answerChecker } from '../../test-support/openapi-answers.mjs';

export interface CheckedAnswers {
  checked: string[];
  problems: string[];
}

/**
 * Checks every JSON answer of the API (`/v1/…`) the page receives against the server's OpenAPI
 * document. The calls pass through a route, so each body is read before the page uses it (a body read
 * after the page navigated away is gone). Returns a function that gives the result so far.
 */
export async function checkApiAnswers(page: Page): Promise<() => CheckedAnswers> {
  const check = answerChecker(await (await page.request.get('/v1/openapi.json')).json());
  const result: CheckedAnswers = { checked: [], problems: [] };
  await page.route(/\/v1\//, async (route) => {
    const request = route.request();
    // A call the page cancelled while it was under way fails here like it would have anyway.
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort().catch(() => undefined);
    const text = await response.text();
    if (response.headers()['content-type']?.includes('application/json')) {
      const { pathname } = new URL(request.url());
      result.checked.push(`${request.method()} ${pathname} ${response.status()}`);
      result.problems.push(...check(request.method(), request.url(), response.status(), JSON.parse(text)));
    }
    await route.fulfill({ response, body: text }).catch(() => undefined);
  });
  return () => result;
}
