import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

type Answer = {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
};
type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown;
  requestBody?: unknown;
  responses?: Record<string, Answer>;
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
  let common: Record<string, Answer>;
  let schemas: Record<string, Record<string, unknown>>;
  let tags: { name: string; 'x-displayName'?: string }[];
  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: 'admin-key-for-openapi-tests-0123' } });
    const document = (await (await t.call('GET', '/v1/openapi.json')).json()) as {
      paths: typeof paths;
      tags: typeof tags;
      components: { responses: typeof common; schemas: typeof schemas };
    };
    ({ paths, tags } = document);
    common = document.components.responses;
    schemas = document.components.schemas;
  });
  afterAll(() => t.stop());

  /** An operation's answer of a status, its reference to the common answers followed. */
  const answerOf = (operation: Operation, status: number | string): Answer | undefined => {
    const answer = operation.responses?.[String(status)];
    return answer?.$ref ? common[answer.$ref.replace('#/components/responses/', '')] : answer;
  };
  /** An operation's JSON body of a status, its reference to `components.schemas` followed. */
  const schemaOf = (operation: Operation, status: number) => {
    const schema = answerOf(operation, status)?.content?.['application/json']?.schema;
    const ref = /^#\/components\/schemas\/(.+)$/.exec(String(schema?.$ref))?.[1];
    return ref ? schemas[ref] : schema;
  };
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
          (status) =>
            /^(204|3\d\d)$/.test(status) ||
            Object.values(answerOf(operation, status)?.content ?? {}).some((media) => media.schema),
        );
        if (!described) undocumented.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('declares the tags in reading order, each with a title, and tags every operation with them', () => {
    const declared = tags.map((tag) => tag.name);
    expect(declared[0]).toBe('apps');
    expect(tags.filter((tag) => !tag['x-displayName'])).toEqual([]);
    const used = new Set(Object.values(paths).flatMap((byMethod) => Object.values(byMethod)));
    const undeclared = [...used]
      .flatMap((operation) => operation.tags ?? ['(none)'])
      .filter((tag) => !declared.includes(tag));
    expect(undeclared).toEqual([]);
    const tagged = new Set([...used].flatMap((operation) => operation.tags ?? []));
    expect(declared.filter((tag) => !tagged.has(tag))).toEqual([]);
  });

  it('declares `{code, error}` once, as components.schemas.Error, and names every answer', () => {
    expect(schemas.Error).toMatchObject({ type: 'object', required: ['code', 'error'] });
    const inline: string[] = [];
    const unnamed: string[] = [];
    for (const { method, path, operation } of operations()) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const schema = answer.content?.['application/json']?.schema;
        if (
          schema &&
          !schema.$ref &&
          JSON.stringify(schema.properties) === JSON.stringify(schemas.Error?.properties)
        )
          inline.push(`${method.toUpperCase()} ${path} ${status}`);
        if (!answer.$ref && !answer.description?.match(/^(?!(Default Response|Error)$)./))
          unnamed.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
    expect(inline).toEqual([]);
    expect(unnamed).toEqual([]);
    for (const answer of Object.values(common))
      expect(answer.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  /** Every operation, as `METHOD /path`, with its operation object. */
  const operations = () =>
    Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ method, path, operation })),
    );
  const typesOf = (operation: Operation, status: number | string) =>
    Object.keys(answerOf(operation, status)?.content ?? {}).sort();

  it('lists on every operation the refusals made before its route runs, as {code, error} JSON', () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations()) {
      const statuses = ['400', '408', '431', ...(path.includes('{') ? ['414'] : [])];
      for (const status of statuses)
        if (!typesOf(operation, status).includes('application/json'))
          missing.push(`${method.toUpperCase()} ${path} ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it('lists 413, 415 and 500 on every JSON operation that takes a body, and 403 origin_not_allowed on the app routes', () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations()) {
      if (path.startsWith('/api/v1.0/email/')) continue; // the contact endpoint: below
      const statuses = [
        '500',
        ...(['post', 'put', 'patch', 'delete'].includes(method) ? ['413', '415'] : []),
        ...(/^\/v1\/apps\/\{appId\}(?!\/\.well-known\/)/.test(path) ? ['403', '404'] : []),
      ];
      for (const status of statuses)
        if (schemaOf(operation, Number(status)) === undefined)
          missing.push(`${method.toUpperCase()} ${path} ${status}`);
    }
    expect(missing).toEqual([]);
    expect(answerOf(paths['/v1/apps/{appId}/users']!.get!, 403)).toEqual(common.OriginNotAllowed);
    expect(JSON.stringify(common.OriginNotAllowed)).toContain('origin_not_allowed');
    // The app info's own refusal says more: both origins, for the elements' misconfiguration notice.
    const appInfoRefusal = JSON.stringify(answerOf(paths['/v1/apps/{appId}']!.get!, 403));
    expect(appInfoRefusal).toContain('"auth_origin"');
    expect(appInfoRefusal).toContain('"origin"');
  });

  it("gives the contact endpoint's answers as text or a page, and only refusals before its route as JSON", () => {
    for (const path of ['/api/v1.0/email/send', '/api/v1.0/email/send-form']) {
      const operation = paths[path]!.post!;
      for (const status of ['200', '403', '413', '429', '500'])
        expect(typesOf(operation, status), `${path} ${status}`).toEqual(['text/html', 'text/plain']);
      expect(typesOf(operation, 400)).toEqual(['application/json', 'text/html', 'text/plain']);
      for (const status of ['408', '431']) expect(typesOf(operation, status)).toEqual(['application/json']);
      expect(operation.responses?.['415']).toBeUndefined(); // its own refusals are 400 texts
    }
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
