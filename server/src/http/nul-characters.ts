import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidRequest } from './api-error.js';

/**
 * Where in a parsed value the first string (or member name) with a NUL sits, e.g. `body.user.email`, or
 * null. Walked without recursion: a JSON body may nest thousands of levels deep.
 */
function nulPath(root: unknown, rootName: string): string | null {
  const nodes: { value: unknown; parent: number; name: string }[] = [
    { value: root, parent: -1, name: rootName },
  ];
  const pathOf = (index: number): string => {
    const names: string[] = [];
    for (let i = index; i >= 0; i = nodes[i]!.parent) names.unshift(nodes[i]!.name);
    return names.join('.');
  };
  for (let index = 0; index < nodes.length; index++) {
    const { value } = nodes[index]!;
    if (typeof value === 'string' && value.includes('\u0000')) return pathOf(index);
    if (typeof value !== 'object' || value === null) continue;
    for (const [name, member] of Object.entries(value)) {
      if (name.includes('\u0000')) return pathOf(index);
      nodes.push({ value: member, parent: index, name });
    }
  }
  return null;
}

/**
 * A NUL character means nothing in any text this API takes, and PostgreSQL refuses it in a query (SQLite
 * would store it): text that holds one is refused with 400 wherever it comes, body, query or path,
 * before a handler can hand it to the database. An app id is the exception: one with a NUL is answered
 * like any id no app has (app-settings.ts, couldBeAppId). Runs before the handler, after any plugin
 * read its body (the contact form's multipart fields).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const { appId: _appId, ...params } = (request.params ?? {}) as Record<string, unknown>;
    const found =
      nulPath(params, 'params') ?? nulPath(request.query, 'querystring') ?? nulPath(request.body, 'body');
    if (found) throw invalidRequest(`${found} may not contain a NUL character (\\u0000).`);
  });
}
