// What the references' API calls get in the bench: only what they need to render their first form.

/** Hanko's flow API (a login flow's first state, asking for an email address); every other call 404s. */
export async function answerHanko(route) {
  const url = new URL(route.request().url());
  const path = url.pathname.replace(/^\/hanko-api/, '');
  if (path === '/login' && route.request().method() === 'POST') {
    const href = '/login?action=continue_with_login_identifier@stub';
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        name: 'login_init',
        status: 200,
        payload: {},
        csrf_token: 'stub',
        actions: {
          continue_with_login_identifier: {
            action: 'continue_with_login_identifier',
            href,
            inputs: { email: { name: 'email', type: 'email', required: true, max_length: 100 } },
            description: 'Enter an email address',
          },
        },
      }),
    });
  }
  if (path === '/sessions/validate') {
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{"is_valid":false}' });
  }
  return route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":404}' });
}

/**
 * Passage elements call Passage's hosts by absolute URL: the API goes to our server (which answers
 * Passage's API), everything else (their hosted texts, error reports, a CDN) is refused.
 */
export function passageRoutes(page, serverUrl) {
  return page.route(
    (url) => url.origin !== serverUrl,
    async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === 'https://auth.passage.id') {
        const response = await route.fetch({ url: `${serverUrl}${url.pathname}${url.search}` });
        return route.fulfill({ response });
      }
      return route.fulfill({ status: 404, body: '' });
    },
  );
}
