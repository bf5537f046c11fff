import type { TSchema } from 'typebox';
import Value from 'typebox/value';

/** One schema error as TypeBox reports it (Ajv's shape). */
interface SchemaError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/** What a value that misses its pattern must be, with an example, by the pattern (the schema's words). */
export type PatternWords = Readonly<Record<string, string>>;

const TYPE_WORDS: Record<string, string> = {
  string: 'text in quotes',
  boolean: 'true or false',
  integer: 'a whole number',
  number: 'a number',
  array: 'a list ([ … ])',
  object: 'an object ({ … })',
  null: 'null',
};

/** `/allowed_redirect_origins/0` → `allowed_redirect_origins[0]`, `/layouts/registration` → `layouts.registration`. */
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

/** The value at a JSON pointer of `root`. */
function valueAt(root: unknown, instancePath: string): unknown {
  return instancePath
    .split('/')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], root);
}

/** The sub-schema a schemaPath (`#/properties/api_keys/items`) points at. */
function schemaAt(schema: TSchema, schemaPath: string): Record<string, unknown> | undefined {
  return schemaPath
    .split('/')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], schema) as
    Record<string, unknown> | undefined;
}

const SECRET_FIELD = /(?:^|\.)(?:client_secret|private_key)$/;

/** A value as the message quotes it: JSON, shortened. */
function quoted(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 80 ? `${json.slice(0, 77)}…` : json;
}

/** `"a", "b" or "c"`. */
function oneOf(values: unknown[]): string {
  const each = values.map((value) => JSON.stringify(value));
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} or ${each.at(-1)}` : (each[0] ?? '');
}

/** What one error says the value must be (the part after the field and its value). */
function requirement(error: SchemaError, words: PatternWords): string {
  const { params } = error;
  const limit = params.limit as number;
  switch (error.keyword) {
    case 'pattern':
      return words[params.pattern as string] ?? 'is not in the form this setting takes';
    case 'type':
      return `must be ${TYPE_WORDS[params.type as string] ?? params.type}`;
    case 'enum':
      return `must be one of ${oneOf(params.allowedValues as unknown[])}`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `must be ${error.keyword === 'minimum' ? 'at least' : 'more than'} ${limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `must be ${error.keyword === 'maximum' ? 'at most' : 'less than'} ${limit}`;
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${limit} characters long`;
    case 'maxLength':
      return `must be at most ${limit} characters long`;
    case 'minItems':
      return `must list at least ${limit} item${limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `may list at most ${limit} items`;
    case 'uniqueItems':
      return 'lists the same value twice';
    case 'format':
      return params.format === 'email'
        ? 'must be an email address — for example "hello@example.com"'
        : `must be a valid ${params.format}`;
    default:
      return error.message;
  }
}

/** `: type must be …` for the missing fields whose form the pattern words say (what to add, not only that). */
function formsOf(
  missing: string[],
  parent: Record<string, unknown> | undefined,
  words: PatternWords,
): string {
  const properties = (parent?.properties ?? {}) as Record<string, { pattern?: string }>;
  const forms = missing.flatMap((name) => {
    const pattern = properties[name]?.pattern;
    const form = pattern === undefined ? undefined : words[pattern];
    return form ? [`${name} ${form}`] : [];
  });
  return forms.length > 0 ? `: ${forms.join('; ')}` : '';
}

/** The problems of the errors at one place of the value, in plain words. */
function describe(
  schema: TSchema,
  value: unknown,
  path: string,
  errors: SchemaError[],
  words: PatternWords,
): string[] {
  const field = fieldName(path);
  const problems: string[] = [];
  for (const error of errors) {
    if (error.keyword === 'additionalProperties') {
      const names = error.params.additionalProperties as string[];
      const known = Object.keys((schemaAt(schema, error.schemaPath)?.properties as object) ?? {});
      problems.push(
        `${field ? `${field} has ` : ''}unknown field${names.length > 1 ? 's' : ''} ${names.map((n) => `"${n}"`).join(', ')}: ` +
          `the fields are ${known.join(', ')}`,
      );
    }
    if (error.keyword === 'required') {
      const missing = error.params.requiredProperties as string[];
      const names = missing.map((name) => `"${name}"`);
      problems.push(
        `${field ? `${field} ` : ''}lacks the required field${names.length > 1 ? 's' : ''} ${names.join(', ')}` +
          formsOf(missing, schemaAt(schema, error.schemaPath), words),
      );
    }
  }
  const rest = errors.filter(
    (error) => error.keyword !== 'additionalProperties' && error.keyword !== 'required',
  );
  if (rest.length === 0) return problems;
  // A social provider's secret is never quoted back (messages reach logs and the admin API's answers).
  const shown = SECRET_FIELD.test(field) ? '(not shown)' : quoted(valueAt(value, path));
  const given = [field, shown].filter(Boolean).join(' ');
  // A union of literals (`"email" | "phone" | "both"`) fails once per literal: they make one list.
  const allowed = rest.filter((error) => error.keyword === 'const').map((error) => error.params.allowedValue);
  return [
    ...problems,
    allowed.length > 0
      ? `${given} must be one of ${oneOf(allowed)}`
      : `${given} ${requirement(rest[0]!, words)}`,
  ];
}

/**
 * Every problem of `value` against `schema`, one sentence per field in plain words: the field, the value
 * given and what it takes (every allowed value of an enum, an example for a pattern) — never the
 * schema's own text (`must match pattern "^https?://…"`, `schema is false`).
 */
export function settingsProblems(schema: TSchema, value: unknown, words: PatternWords = {}): string[] {
  const byPath = new Map<string, SchemaError[]>();
  for (const error of Value.Errors(schema, value) as unknown as SchemaError[]) {
    // An unknown field is also reported at its parent (additionalProperties), which names them all.
    if (error.keyword === 'boolean' && error.schemaPath.endsWith('/additionalProperties')) continue;
    if (error.keyword === 'anyOf') continue;
    byPath.set(error.instancePath, [...(byPath.get(error.instancePath) ?? []), error]);
  }
  return [...byPath].flatMap(([path, errors]) => describe(schema, value, path, errors, words));
}
