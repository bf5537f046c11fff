/**
 * Inputs for the route fuzz (openapi/error-contract-fuzz.test.ts), drawn from the OpenAPI document's schemas
 * and from a seeded generator: every run sends the same requests.
 */

/** A JSON Schema as the document has it (the keywords the server's schemas use). */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** One body to send: its text or bytes and, when not JSON, its content type. */
export interface BodyInput {
  label: string;
  body: string | Buffer;
  contentType?: string;
}

/** mulberry32: a tiny seeded generator, so the drawn inputs are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** An array nested 20 000 levels deep, as JSON text (40 kB, under the body limit). */
const DEEP = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

/** Strings a validator or a database may trip on: invisible and bidi characters, NUL, astral planes. */
const ODD_STRINGS = [
  'a\u200b@example.com',
  '\u202eevil@example.com',
  'nul\u0000byte',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
  '  ',
  '',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '%00%ff',
  '\\u0000',
  '١٢٣٤٥٦',
];

/** Any JSON value, nested up to three levels. */
export function randomJson(random: () => number, depth = 0): unknown {
  switch (Math.floor(random() * (depth > 2 ? 5 : 8))) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return Math.floor(random() * 2 ** 53) * (random() < 0.5 ? -1 : 1);
    case 3:
      return 'x'.repeat(Math.floor(random() * 400));
    case 4:
      return pick(random, ODD_STRINGS);
    case 5:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
    default: {
      const keys = ['identifier', 'user_id', 'email', 'phone', 'code', 'refresh_token', '__proto__'];
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 4); i > 0; i--)
        object[pick(random, keys)] = randomJson(random, depth + 1);
      return object;
    }
  }
}

const typeOf = (schema: Schema): string | undefined => {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.find((type) => type !== 'null') ?? types[0];
};

/** A plausible string for a field, by its name: an address where one is wanted, else letters. */
function sampleString(name: string, schema: Schema): string {
  let value = 'fuzz123';
  if (/email|identifier/i.test(name)) value = 'fuzz@example.com';
  else if (/phone/i.test(name)) value = '+14155550123';
  else if (/url|origin|uri/i.test(name)) value = 'https://example.com/';
  else if (/path/i.test(name)) value = '/';
  if (schema.minLength && value.length < schema.minLength) value = value.padEnd(schema.minLength, 'x');
  return schema.maxLength !== undefined ? value.slice(0, schema.maxLength) : value;
}

/** A value the schema accepts, as far as its keywords tell (required members only, unless `full`). */
export function sampleOf(schema: Schema, name = '', full = false): unknown {
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.[0]) return sampleOf(choice[0], name, full);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const members = Object.entries(schema.properties ?? {}).filter(
        ([key]) => full || schema.required?.includes(key),
      );
      return Object.fromEntries(members.map(([key, member]) => [key, sampleOf(member, key, full)]));
    }
    case 'array':
      return schema.items ? [sampleOf(schema.items, name, full)] : [];
    case 'string':
      return sampleString(name, schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** Values of a field that its schema refuses, or that sit on its limits. */
function fieldMutations(schema: Schema, random: () => number): [string, unknown][] {
  const type = typeOf(schema);
  const wrongTypes: unknown[] = [12345, 'text', true, null, [], {}, 1.5].filter(
    (value) =>
      !(
        (type === 'string' && typeof value === 'string') ||
        (type === 'integer' && Number.isInteger(value)) ||
        (type === 'number' && typeof value === 'number') ||
        (type === 'boolean' && typeof value === 'boolean') ||
        (type === 'array' && Array.isArray(value)) ||
        (type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value))
      ),
  );
  const mutations: [string, unknown][] = [
    ['wrong type', pick(random, wrongTypes)],
    ['wrong type', pick(random, wrongTypes)],
  ];
  if (type === 'string') {
    if (schema.maxLength !== undefined) {
      mutations.push(['at maxLength', 'x'.repeat(schema.maxLength)]);
      mutations.push(['over maxLength', 'x'.repeat(schema.maxLength + 1)]);
    }
    if (schema.minLength) mutations.push(['under minLength', 'x'.repeat(schema.minLength - 1)]);
    // A NUL in every string: PostgreSQL refuses it in text, so it must never reach a query.
    mutations.push(
      ['NUL', 'fuzz\u0000@example.com'],
      ['odd string', pick(random, ODD_STRINGS)],
      ['huge string', 'y'.repeat(50_000)],
    );
  }
  if (type === 'integer' || type === 'number') {
    if (schema.minimum !== undefined) mutations.push(['under minimum', schema.minimum - 1]);
    if (schema.maximum !== undefined) mutations.push(['over maximum', schema.maximum + 1]);
    mutations.push(['unsafe integer', 2 ** 53 + 1], ['huge number', 1e308], ['negative', -1]);
  }
  if (type === 'array') {
    mutations.push(['many items', Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => 'x')]);
  }
  if (type === 'object') mutations.push(['random object', randomJson(random)]);
  return mutations;
}

/**
 * Bodies for an operation's JSON body schema: a plausible one, then each member missing, refused or on
 * its limits, unknown members, duplicate keys, prototype keys, deep nesting, other top-level types.
 */
export function jsonBodies(schema: Schema, random: () => number): BodyInput[] {
  const base = sampleOf(schema) as Record<string, unknown>;
  const isObject = typeOf(schema) === 'object' && base !== null && typeof base === 'object';
  const bodies: BodyInput[] = [
    { label: 'plausible body', body: JSON.stringify(base) },
    { label: 'every member', body: JSON.stringify(sampleOf(schema, '', true)) },
  ];
  const add = (label: string, value: unknown) => bodies.push({ label, body: JSON.stringify(value) });
  if (isObject) {
    for (const [name, member] of Object.entries(schema.properties ?? {}).slice(0, 8)) {
      for (const [what, value] of fieldMutations(member, random))
        add(`${name}: ${what}`, { ...base, [name]: value });
      if (schema.required?.includes(name)) {
        const { [name]: _left, ...rest } = base;
        add(`${name} missing`, rest);
      }
    }
    add('an unknown member', { ...base, unknown_member: 'x' });
    // A member nested 20 000 levels deep: where the schema takes any value, every walk over it must cope.
    for (const [name, member] of Object.entries(schema.properties ?? {}).slice(0, 8)) {
      const deep = typeOf(member) === 'object' ? `{"deep":${DEEP}}` : DEEP;
      const text = JSON.stringify({ ...base, [name]: 0 }).replace(`"${name}":0`, `"${name}":${deep}`);
      bodies.push({ label: `${name}: deep nesting`, body: text });
    }
    const [first] = Object.keys(base);
    if (first) {
      const text = JSON.stringify(base);
      bodies.push({ label: 'duplicate key', body: `{"${first}":12345,${text.slice(1)}` });
    }
    bodies.push({
      label: '__proto__ key',
      body: `{"__proto__":{"admin":true},${JSON.stringify(base).slice(1)}`,
    });
    add('constructor key', { ...base, constructor: { prototype: { admin: true } } });
  }
  for (const value of [[], 'text', 0, null, true]) add(`top-level ${JSON.stringify(value)}`, value);
  bodies.push({ label: 'deep nesting', body: DEEP });
  bodies.push({ label: 'byte order mark', body: `\ufeff${JSON.stringify(base)}` });
  bodies.push({
    label: 'invalid UTF-8',
    body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
  });
  for (let i = 0; i < 4; i++) add(`random ${i}`, randomJson(random));
  return bodies;
}

/** Content types the server may not take, each with a plausible JSON body. */
export const CONTENT_TYPES = [
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=zz',
  'bogus',
];

/** A query parameter as the document lists it. */
export interface QueryParameter {
  name: string;
  in: string;
  schema?: Schema;
}

/** Query strings for an operation's query parameters: refused values, limits, repeats, odd text. */
export function queryStrings(parameters: QueryParameter[], random: () => number): [string, string][] {
  const queries: [string, string][] = [];
  const plausible = parameters.map(
    (p) => `${p.name}=${encodeURIComponent(String(sampleOf(p.schema ?? {}, p.name)))}`,
  );
  if (plausible.length > 0) queries.push(['plausible query', plausible.join('&')]);
  for (const parameter of parameters) {
    for (const [what, value] of fieldMutations(parameter.schema ?? {}, random)) {
      const text = typeof value === 'string' ? value.slice(0, 2000) : JSON.stringify(value);
      queries.push([`${parameter.name}: ${what}`, `${parameter.name}=${encodeURIComponent(text)}`]);
    }
    queries.push([`${parameter.name} repeated`, `${parameter.name}=a&${parameter.name}=b`]);
    queries.push([`${parameter.name} empty`, `${parameter.name}=`]);
    queries.push([`${parameter.name} as a bracket array`, `${parameter.name}[]=1&${parameter.name}[x]=2`]);
  }
  return queries;
}
