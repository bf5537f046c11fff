// Hand-written because no renderer from npm fits: widdershins, the most used, is unmaintained (it
// pins yargs 12 and markdown-it 10) and writes Slate pages with code samples; @scalar/openapi-to-markdown
// keeps every limit but writes 10,600 lines for this document (the shared error answers repeated under
// every status of every route, no sections by tag) and wants Node 22.19; openapi-to-md drops the limits
// and the shared answers' descriptions. This writes the GitHub Markdown the repository reads (schema
// limits, the answers every route shares, this API's tag order: about 1,600 lines), in process, so
// server/test/openapi/api-docs.test.ts can compare it with the committed file.
// Writes docs/server/api.md, the server's API reference, from its OpenAPI document (what
// GET /v1/openapi.json serves). The server is built in-process from server/dist on an in-memory SQLite
// database, with the admin API and the dev outbox switched on so that every route is listed.
// `npm run docs:api` builds the server first; server/test/openapi/api-docs.test.ts fails when the committed file
// differs from what this script writes (it renders the document of the server's sources).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
export const API_DOCS_FILE = join(root, 'docs/server/api.md');

/** Sections in this order; a tag not listed comes after them, by name. */
const TAG_ORDER = [
  'apps',
  'users',
  'one-time codes',
  'magic links',
  'tokens',
  'current user',
  'passkeys',
  'devices',
  'social',
  'contact',
  'admin',
  'management',
  'operations',
  'development',
];

const TAG_TITLES = {
  apps: 'App',
  users: 'Users',
  'one-time codes': 'One-time codes',
  'magic links': 'Magic links',
  tokens: 'Tokens and keys',
  'current user': 'Current user',
  passkeys: 'Passkeys',
  devices: 'Passkeys of the signed-in user (devices)',
  social: 'Social login',
  contact: 'Contact endpoint (EmailJS-compatible)',
  admin: 'Admin API',
  management: 'Management API (app API keys)',
  operations: 'Operations',
  development: 'Development',
};

const SECURITY = {
  bearerAuth: '`Authorization: Bearer <auth_token>`',
  adminKey: '`Authorization: Bearer <ADMIN_API_KEY>`',
  apiKey: "`Authorization: Bearer <the app's API key>`",
};

/**
 * The OpenAPI document of a server built with `buildServer(loadConfig(env))` on an in-memory SQLite
 * database and one app, every optional route group on. Pass the server's own `buildServer` and
 * `loadConfig` (from its sources in tests, from server/dist here).
 */
export async function openApiDocument({ buildServer, loadConfig }) {
  const dir = await mkdtemp(join(tmpdir(), 'open-passage-api-docs-'));
  try {
    const appsFile = join(dir, 'passage-apps.json');
    const app = { id: 'apiDocsApp00000000000001', name: 'API docs', auth_origin: '${PUBLIC_URL}' };
    await writeFile(appsFile, JSON.stringify({ apps: [app] }));
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: dir,
      DATABASE_URL: 'sqlite::memory:',
      APPS_FILE: appsFile,
      STATIC_DIR: '',
      ADMIN_API_KEY: 'api-docs-admin-key-0123456789abcdef',
      LOG_LEVEL: 'silent',
    });
    const server = await buildServer(config);
    try {
      await server.http.ready();
      return structuredClone(server.http.swagger());
    } finally {
      await server.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A table cell: one line, pipes escaped. */
function cell(text) {
  return String(text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

function code(text) {
  return `\`${text}\``;
}

/** A schema's type in a few words: `string`, `"a" \| "b"`, `object`, `array of string`. */
function typeOf(schema) {
  if (!schema || typeof schema !== 'object') return 'any';
  if (schema.const !== undefined) return code(JSON.stringify(schema.const));
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => code(JSON.stringify(value))).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return [...new Set(union.map(typeOf))].join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  return types
    .map((type) => (type === 'array' ? `array of ${typeOf(schema.items)}` : code(type)))
    .join(' | ');
}

/** Limits, pattern and default of a schema, for the description column. */
function constraints(schema) {
  if (!schema || typeof schema !== 'object') return [];
  const notes = [];
  const range = (min, max, unit) => {
    const units = (n) => (unit === ' characters' && n === 1 ? ' character' : unit);
    if (min !== undefined && max !== undefined)
      notes.push(min === max ? `${min}${units(min)}` : `${min}–${max}${unit}`);
    else if (min !== undefined) notes.push(`at least ${min}${units(min)}`);
    else if (max !== undefined) notes.push(`at most ${max}${units(max)}`);
  };
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minimum, schema.maximum, '');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.pattern) notes.push(`pattern ${code(schema.pattern)}`);
  if (schema.format) notes.push(`format ${schema.format}`);
  if (schema.default !== undefined) notes.push(`default ${code(JSON.stringify(schema.default))}`);
  return notes;
}

function describe(schema, description) {
  return [description ?? schema?.description, ...constraints(schema)].filter(Boolean).join('; ');
}

/** The members of an object schema as table rows: name, type, required, description. */
function fieldRows(schema) {
  const properties = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  return Object.entries(properties).map(([name, member]) => [
    code(name),
    typeOf(member),
    required.has(name) ? 'yes' : 'no',
    describe(member),
  ]);
}

function table(header, rows) {
  const line = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** What an answer carries: `{a, b}` for an object, its type otherwise. */
function bodyShape(schema) {
  if (!schema) return '';
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(bodyShape).join(' or ');
  if (schema.type === 'object' && schema.properties) {
    const keys = Object.keys(schema.properties);
    return keys.length === 0 ? code('{}') : code(`{${keys.join(', ')}}`);
  }
  return typeOf(schema);
}

/** The section that describes the answers operations share (`components.responses`). */
const COMMON_SECTION = 'Common answers';

/** One content type's body in words: `{a, b}`, or `string: what it is`, and the type when not JSON. */
function mediaText(contentType, schema, description) {
  const shape = bodyShape(schema);
  const errorBody = schema?.properties?.code && schema?.properties?.error;
  return [
    shape && schema.type !== 'object' && !schema.anyOf ? `${shape}:` : shape,
    contentType && contentType !== 'application/json' ? `(${contentType})` : '',
    errorBody
      ? ''
      : description && description !== schema?.description
        ? description
        : (schema?.description ?? ''),
  ]
    .filter(Boolean)
    .join(' ');
}

function responseRows(responses) {
  return Object.entries(responses ?? {}).map(([status, response]) => {
    if (response.$ref)
      return [code(status), `${code('{code, error}')}: see [${COMMON_SECTION}](#${slug(COMMON_SECTION)})`];
    const description = response.description === 'Default Response' ? '' : response.description;
    const media = Object.entries(response.content ?? {});
    // Several content types (the contact endpoint's text or page): the description, then the types.
    const kinds = media.map(([type, { schema }]) =>
      schema?.properties?.error ? code('{code, error}') : code(type),
    );
    const text =
      media.length > 1
        ? `${description}: ${kinds.join(' or ')}`
        : mediaText(media[0]?.[0], media[0]?.[1]?.schema, description);
    return [code(status), text || 'no body'];
  });
}

/** The shared answers with the statuses the operations give them, for the section at the end. */
function commonAnswers(document) {
  const statuses = new Map();
  for (const operations of Object.values(document.paths ?? {}))
    for (const operation of Object.values(operations))
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const name = /([^/]+)$/.exec(response.$ref ?? '')?.[1];
        if (name) statuses.set(name, status);
      }
  const rows = Object.entries(document.components?.responses ?? {})
    .filter(([name]) => statuses.has(name))
    .map(([name, response]) => [code(statuses.get(name)), response.description ?? name])
    .sort((a, b) => a[0].localeCompare(b[0]));
  if (rows.length === 0) return [];
  return [
    `## ${COMMON_SECTION}`,
    '',
    'What the layers in front of the routes answer (the HTTP parser, the router, the body parser, the CORS check, the app lookup, the error handler), as `{code, error}` JSON. An operation lists each one it can get.',
    '',
    table(['status', 'answer'], rows),
    '',
  ];
}

function tagOf(_path, operation) {
  return operation.tags?.[0] ?? 'other';
}

function renderOperation(path, method, operation) {
  const out = [`### ${code(`${method.toUpperCase()} ${path}`)}`, ''];
  if (operation.summary)
    out.push(`${operation.summary.replace(/\s*\n\s*/g, ' ')}.`.replace(/\.\.$/, '.'), '');
  if (operation.description) out.push(operation.description.replace(/\s*\n\s*/g, ' '), '');
  const security = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  const optional = (operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0);
  const needs = security.map((name) => SECURITY[name] ?? code(name)).join(' or ');
  if (security.length > 0) out.push(optional ? `Optional: ${needs}.` : `Needs ${needs}.`, '');

  const place = ['path', 'query', 'header', 'cookie'];
  const parameters = [...(operation.parameters ?? [])].sort(
    (a, b) => place.indexOf(a.in) - place.indexOf(b.in),
  );
  if (parameters.length > 0) {
    out.push(
      table(
        ['parameter', 'in', 'type', 'required', 'description'],
        parameters.map((parameter) => [
          code(parameter.name),
          parameter.in,
          typeOf(parameter.schema),
          parameter.required ? 'yes' : 'no',
          describe(parameter.schema, parameter.description),
        ]),
      ),
      '',
    );
  }

  // A body in several media types (JSON, or a CSV file as is): each, the first as "Request body".
  Object.entries(operation.requestBody?.content ?? {}).forEach(([contentType, media], index) => {
    const schema = media.schema ?? {};
    const description = (index === 0 ? operation.requestBody.description : undefined) ?? schema.description;
    const text = description?.replace(/\s*\n\s*/g, ' ');
    const variants = (schema.anyOf ?? [schema]).map(fieldRows).filter((rows) => rows.length > 0);
    if (index === 0) out.push(`Request body (${code(contentType)})${text ? `: ${text}` : ':'}`, '');
    else out.push(`Or the body as ${code(contentType)}${text ? `. ${text}.` : ':'}`, '');
    variants.forEach((rows, i) => {
      if (i > 0) out.push('or:', '');
      out.push(table(['field', 'type', 'required', 'description'], rows), '');
    });
  });

  const responses = Object.entries(operation.responses ?? {});
  const undescribed =
    responses.length === 1 &&
    responses[0][1].description === 'Default Response' &&
    responses[0][1].content === undefined;
  if (undescribed) {
    out.push(
      'Answers: not described in the OpenAPI document yet (see the [auth API guide](auth-api.md)).',
      '',
    );
  } else if (responses.length > 0) {
    out.push(table(['status', 'answer'], responseRows(operation.responses)), '');
  }
  return out.join('\n');
}

/** docs/server/api.md from an OpenAPI document, formatted by the repository's Prettier settings. */
export async function renderApiDocs(document) {
  const groups = new Map();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = tagOf(path, operation);
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push(renderOperation(path, method, operation));
    }
  }
  const rank = (tag) => (TAG_ORDER.includes(tag) ? TAG_ORDER.indexOf(tag) : TAG_ORDER.length);
  const tags = [...groups.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const common = commonAnswers(document);

  const lines = [
    '# Server API reference',
    '',
    "<!-- Generated by `npm run docs:api` (scripts/api-docs.mjs) from the server's OpenAPI document. Do not edit by hand. -->",
    '',
    `${document.info?.title ?? 'open-passage server'} ${document.info?.version ?? ''}: every route, generated from`,
    'the schemas the server validates and serializes with; a running server serves the same document at',
    "`GET /v1/openapi.json`. Paths under `/v1/apps/{appId}` speak Passage's wire format; refusals are",
    '`{code, error}` JSON. What the error codes mean, tokens, limits, CORS and headers are in the',
    '[auth API guide](auth-api.md); passkeys in [passkeys.md](passkeys.md), the admin API in',
    '[admin-api.md](admin-api.md) and the contact endpoint in [contact.md](contact.md).',
    '',
    ...tags.map((tag) => `- [${TAG_TITLES[tag] ?? tag}](#${slug(TAG_TITLES[tag] ?? tag)})`),
    ...(common.length > 0 ? [`- [${COMMON_SECTION}](#${slug(COMMON_SECTION)})`] : []),
    '',
  ];
  for (const tag of tags) lines.push(`## ${TAG_TITLES[tag] ?? tag}`, '', ...groups.get(tag), '');
  lines.push(...common);
  const options = (await prettier.resolveConfig(API_DOCS_FILE)) ?? {};
  return prettier.format(lines.join('\n'), { ...options, parser: 'markdown' });
}

/** GitHub's anchor of a heading. */
export function slug(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { buildServer } = await import(pathToFileURL(join(root, 'server/dist/app.js')).href);
  const { loadConfig } = await import(pathToFileURL(join(root, 'server/dist/config/config.js')).href);
  const markdown = await renderApiDocs(await openApiDocument({ buildServer, loadConfig }));
  await writeFile(API_DOCS_FILE, markdown);
  console.log(`wrote ${API_DOCS_FILE}`);
}
