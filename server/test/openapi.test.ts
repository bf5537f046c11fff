import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTestServer, startTestServer } from './support/test-server.js';

type Operation = {
  summary?: string;
  security?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
};

/**
 * The auth API routes whose answers GET /v1/openapi.json must describe: a summary, the success body
 * and the `{code, error}` error body. (Codes, links and tokens routes are documented by their owners.)
 */
const DOCUMENTED: [string, string, number][] = [
  ['get', '/v1/apps/{appId}', 200],
  ['get', '/v1/apps/{appId}/users', 200],
  ['post', '/v1/apps/{appId}/users', 201],
  ['get', '/v1/apps/{appId}/currentuser', 200],
  ['patch', '/v1/apps/{appId}/currentuser/email', 200],
  ['patch', '/v1/apps/{appId}/currentuser/phone', 200],
  ['get', '/v1/apps/{appId}/currentuser/user-metadata', 200],
  ['patch', '/v1/apps/{appId}/currentuser/user-metadata', 200],
  ['get', '/v1/apps/{appId}/currentuser/social-connections', 200],
  ['delete', '/v1/apps/{appId}/currentuser/social-connections/{socialConnectionType}', 404],
  ['get', '/v1/apps/{appId}/social/authorize', 404],
  ['get', '/v1/apps/{appId}/social/token', 201],
  ['get', '/v1/apps/{appId}/.well-known/openid-configuration', 200],
  ['post', '/v1/apps/{appId}/register/webauthn/start', 200],
  ['post', '/v1/apps/{appId}/register/webauthn/finish', 201],
  ['post', '/v1/apps/{appId}/login/webauthn/start', 200],
  ['post', '/v1/apps/{appId}/login/webauthn/finish', 200],
  ['get', '/v1/apps/{appId}/currentuser/devices', 200],
  ['post', '/v1/apps/{appId}/currentuser/devices/start', 200],
  ['post', '/v1/apps/{appId}/currentuser/devices/finish', 201],
  ['patch', '/v1/apps/{appId}/currentuser/devices/{deviceId}', 200],
  ['delete', '/v1/apps/{appId}/currentuser/devices/{deviceId}', 200],
  ['get', '/admin/v1/apps', 200],
  ['get', '/admin/v1/apps/{appId}', 200],
  ['post', '/admin/v1/apps', 201],
  ['patch', '/admin/v1/apps/{appId}', 200],
  ['delete', '/admin/v1/apps/{appId}', 204],
  ['get', '/admin/v1/apps/{appId}/users', 200],
  ['get', '/admin/v1/apps/{appId}/users/{userId}', 200],
  ['patch', '/admin/v1/apps/{appId}/users/{userId}', 200],
  ['delete', '/admin/v1/apps/{appId}/users/{userId}', 204],
  ['get', '/admin/v1/apps/{appId}/api-keys', 200],
  ['post', '/admin/v1/apps/{appId}/api-keys', 201],
  ['delete', '/admin/v1/apps/{appId}/api-keys/{keyId}', 204],
  ['post', '/admin/v1/apps/{appId}/users/import', 200],
  ['get', '/v1/apps/{appId}/users/{userId}', 200],
  ['patch', '/v1/apps/{appId}/users/{userId}', 200],
  ['delete', '/v1/apps/{appId}/users/{userId}', 200],
  ['patch', '/v1/apps/{appId}/users/{userId}/activate', 200],
  ['patch', '/v1/apps/{appId}/users/{userId}/deactivate', 200],
  ['get', '/v1/apps/{appId}/users/{userId}/devices', 200],
  ['delete', '/v1/apps/{appId}/users/{userId}/devices/{deviceId}', 200],
  ['delete', '/v1/apps/{appId}/users/{userId}/tokens', 200],
  ['post', '/v1/apps/{appId}/magic-links', 201],
];

describe('GET /v1/openapi.json documents answers', () => {
  let t: RunningTestServer;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: 'admin-key-for-openapi-tests-0123' } });
    paths = ((await (await t.call('GET', '/v1/openapi.json')).json()) as { paths: typeof paths }).paths;
  });
  afterAll(() => t.stop());

  const schemaOf = (operation: Operation, status: number) =>
    operation.responses?.[String(status)]?.content?.['application/json']?.schema;
  /** A body, or each of its alternatives where the auth and management APIs share an operation. */
  const alternatives = (schema: Record<string, unknown> | undefined) =>
    (schema?.anyOf as Record<string, unknown>[] | undefined) ?? [schema];

  it.each(DOCUMENTED)('%s %s: summary, %i body and the error shape', (method, path, success) => {
    const operation = paths[path]?.[method];
    expect(operation, `${method} ${path} is in the document`).toBeDefined();
    if (!operation) return;
    expect(operation.summary?.length ?? 0).toBeGreaterThan(5);
    if (success !== 204) {
      for (const body of alternatives(schemaOf(operation, success)))
        expect(body).toMatchObject({ type: 'object' });
    }
    const errors = Object.keys(operation.responses ?? {}).filter((status) => /^4\d\d$/.test(status));
    expect(errors.length).toBeGreaterThan(0);
    for (const status of errors) {
      // `{code, error}`, and some refusals say more (the app info's 403 names both origins).
      expect(schemaOf(operation, Number(status))).toMatchObject({
        type: 'object',
        required: expect.arrayContaining(['code', 'error']) as string[],
      });
    }
  });

  // A redirect is the success of a route that answers no body (social/authorize).
  it('gives every operation a success answer with its body schema', () => {
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.keys(operation.responses ?? {}).filter((status) => /^[23]\d\d$/.test(status));
        const described = success.some(
          (status) => /^(204|3\d\d)$/.test(status) || schemaOf(operation, Number(status)) !== undefined,
        );
        if (!described) undocumented.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('describes the Passage objects key by key', () => {
    const me = schemaOf(paths['/v1/apps/{appId}/currentuser']?.get ?? {}, 200) as {
      properties: { user: { properties: Record<string, unknown>; required: string[] } };
    };
    const keys = Object.keys(me.properties.user.properties).sort();
    expect(keys).toEqual(
      [
        'id',
        'email',
        'email_verified',
        'phone',
        'phone_verified',
        'status',
        'user_metadata',
        'webauthn',
        'webauthn_types',
        'created_at',
        'updated_at',
        'last_login_at',
        'login_count',
        'webauthn_devices',
        'social_connections',
      ].sort(),
    );
    expect(me.properties.user.required.sort()).toEqual(keys);
    const lookup = alternatives(schemaOf(paths['/v1/apps/{appId}/users']?.get ?? {}, 200))[0] as {
      properties: { user: { type: string[] } };
    };
    expect(lookup.properties.user.type).toEqual(['object', 'null']);
  });

  it('documents both answers where the auth and management APIs share a path', () => {
    const list = alternatives(schemaOf(paths['/v1/apps/{appId}/users']?.get ?? {}, 200));
    expect(list.map((body) => Object.keys((body as { properties: object }).properties).sort())).toEqual([
      ['user'],
      ['_links', 'created_before', 'limit', 'page', 'total_users', 'users'],
    ]);
    const created = alternatives(schemaOf(paths['/v1/apps/{appId}/users']?.post ?? {}, 201)) as {
      properties: { user: { properties: Record<string, unknown> } };
    }[];
    expect(created[1]?.properties.user.properties).toHaveProperty('recent_events');
    expect(paths['/v1/apps/{appId}/users']?.post?.security).toEqual([{}, { apiKey: [] }]);
  });
});
