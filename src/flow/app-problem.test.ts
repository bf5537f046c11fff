import { describe, expect, it } from 'vitest';
import { appProblem, appUnavailableView } from './app-problem';
import type { AppTarget } from './ports';

/** An error as the client raises it: status, `{code, error}` and the whole JSON answer. */
const failure = (statusCode: number, code = '', message = '', body?: unknown) =>
  Object.assign(new Error(message), { statusCode, code, body });

const onPage: AppTarget = { appId: 'myApp', pageOrigin: 'http://localhost:5173' };
const elsewhere: AppTarget = { ...onPage, apiUrl: 'https://id.example.com//' };

describe('which misconfiguration a failed app info shows', () => {
  it('an unknown app id: names the id and the server asked', () => {
    expect(appProblem(failure(404, 'app_not_found', 'No app with this id exists.'), elsewhere)).toEqual({
      reason: 'app-not-found',
      appId: 'myApp',
      server: 'https://id.example.com',
    });
    // Without api-url the server is the page's own origin.
    expect(appProblem(failure(404, 'app_not_found'), onPage)).toMatchObject({
      server: 'http://localhost:5173',
    });
  });

  it("a page outside the app's auth_origin: both origins, as the server names them", () => {
    const body = {
      code: 'origin_not_allowed',
      error: 'Origin http://localhost:5173 is not the auth_origin of this app (http://localhost:8080).',
      origin: 'http://localhost:5173',
      auth_origin: 'http://localhost:8080',
    };
    expect(appProblem(failure(403, 'origin_not_allowed', body.error, body), elsewhere)).toEqual({
      reason: 'origin-not-allowed',
      pageOrigin: 'http://localhost:5173',
      authOrigin: 'http://localhost:8080',
    });
    // A refusal that names no origins still says what it is.
    expect(
      appProblem(failure(403, 'origin_not_allowed', 'no', { code: 'origin_not_allowed' }), onPage),
    ).toEqual({ reason: 'origin-not-allowed', pageOrigin: 'http://localhost:5173', authOrigin: '?' });
  });

  it('no identity server at the URL: a network failure (also a CORS refusal), a time-out, an answer not from the API', () => {
    const unreachable = { reason: 'server-unreachable', url: 'https://id.example.com/v1/apps/myApp' };
    for (const error of [
      failure(0, 'network_error', 'Failed to fetch'),
      failure(0, 'timeout', 'The server did not answer within 15 s.'),
      failure(0, 'unexpected_answer', "The server's answer has no app."),
      new SyntaxError('Unexpected token < in JSON'), // a 200 HTML page
      failure(404, '', '<!doctype html><title>Not found</title>'), // a dev server's 404 page
      failure(502, '', 'Bad Gateway'), // a proxy whose identity server is down
      undefined,
    ]) {
      expect(appProblem(error, elsewhere), String(error)).toEqual(unreachable);
    }
    expect(appProblem(failure(0, 'network_error'), { appId: 'a b', pageOrigin: 'http://x.example' })).toEqual(
      {
        reason: 'server-unreachable',
        url: 'http://x.example/v1/apps/a%20b',
      },
    );
  });

  it("another refusal of the API: the server's own message, or its status", () => {
    expect(
      appProblem(failure(503, 'database_unavailable', 'The database is unavailable.'), elsewhere),
    ).toEqual({
      reason: 'server-error',
      server: 'https://id.example.com',
      detail: 'The database is unavailable.',
    });
    expect(appProblem(failure(429, 'too_many_requests'), elsewhere)).toMatchObject({ detail: 'HTTP 429' });
  });

  it('the view: the problem, or the invalid-app-id notice when the element names no app', () => {
    expect(appUnavailableView(failure(404, 'app_not_found'), onPage)).toEqual({
      kind: 'app-unavailable',
      problem: { reason: 'app-not-found', appId: 'myApp', server: 'http://localhost:5173' },
    });
    expect(appUnavailableView(new Error('no app id'), { ...onPage, appId: '' })).toEqual({
      kind: 'invalid-app-id',
    });
  });
});
