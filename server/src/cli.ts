import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SETTINGS } from './config/config.js';

/** A command line the server cannot run with; the message says why (exit status 2). */
export class UsageError extends Error {}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  /** Start the server; `env` holds the settings given as flags, which win over the environment. */
  | { kind: 'start'; env: Record<string, string> }
  /** `import <file> [--app <id>]`: import users into an app (docs/server/management-api.md). */
  | { kind: 'import'; file: string; app: string | null; env: Record<string, string> }
  /** `api-key`: print a new API key and the line that declares it in the apps file. */
  | { kind: 'api-key'; name: string };

const flagged = SETTINGS.filter((setting) => setting.flag !== undefined);

type Options = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** parseArgs with the settings' flags, a UsageError for anything unknown. */
function parse(args: readonly string[], extra: Options, positionals: boolean) {
  const options: Options = { help: { type: 'boolean', short: 'h' }, ...extra };
  for (const setting of flagged) {
    options[setting.flag!.slice(2)] = { type: setting.switch ? 'boolean' : 'string' };
  }
  try {
    const parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: positionals });
    const env: Record<string, string> = {};
    for (const setting of flagged) {
      const value = parsed.values[setting.flag!.slice(2)];
      if (typeof value === 'string') env[setting.name] = value;
      if (value === true) env[setting.name] = 'true';
    }
    return {
      values: parsed.values as Record<string, string | boolean | undefined>,
      positionals: parsed.positionals,
      env,
    };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Reads the command line (without `node` and the script). Throws UsageError on anything it does not know. */
export function parseCommandLine(args: readonly string[]): Command {
  if (args[0] === 'import') {
    const { values, positionals, env } = parse(args.slice(1), { app: { type: 'string' } }, true);
    if (values.help) return { kind: 'help' };
    if (positionals.length !== 1)
      throw new UsageError('import takes one file: open-passage-server import <file> [--app <id>]');
    return {
      kind: 'import',
      file: positionals[0]!,
      app: typeof values.app === 'string' ? values.app : null,
      env,
    };
  }
  if (args[0] === 'api-key') {
    const { values } = parse(args.slice(1), { name: { type: 'string' } }, false);
    if (values.help) return { kind: 'help' };
    return { kind: 'api-key', name: typeof values.name === 'string' ? values.name : 'api key' };
  }
  const { values, env } = parse(args, { version: { type: 'boolean', short: 'v' } }, false);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  return { kind: 'start', env };
}

/** The package's version, from its package.json (one folder above this file, in src/ and in dist/). */
export function packageVersion(): string {
  const file = new URL('../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Splits text into lines of at most `width` characters at spaces. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** `--help`: usage, then every setting with its flag (if any), meaning and default. */
export function helpText(): string {
  const label = (s: (typeof SETTINGS)[number]) =>
    s.flag ? `${s.name}, ${s.flag}${s.switch ? '' : ' <value>'}` : s.name;
  const width = Math.max(...SETTINGS.map((s) => label(s).length));
  const settings = SETTINGS.map((s) =>
    [...wrap(s.description, 96 - width), `default: ${s.default}`]
      .map((line, i) => `  ${(i === 0 ? label(s) : '').padEnd(width)}  ${line}`)
      .join('\n'),
  );
  return [
    'open-passage-server: self-hosted passwordless sign-in (passkeys, one-time codes, magic links).',
    '',
    'Usage: open-passage-server [options]',
    '       open-passage-server import <users.json | users.csv> [--app <id>] [options]',
    '       open-passage-server api-key [--name <what it is for>]',
    '',
    'Commands:',
    '  import   import users into an app (default: the only app of the apps file): a Passage user',
    '           export (JSON, as passage-node answers users) or a CSV with a header row (email, phone,',
    '           id… and one column per metadata field), UTF-8, of any size. Idempotent; prints what',
    '           happened to each row and exits with status 1 when a row could not be imported, or when',
    '           the file cannot be read (then nothing of it is imported).',
    '  api-key  print a new management API key and the entry that declares it in the apps file',
    '',
    'Options:',
    '  -h, --help     print this help and exit',
    '  -v, --version  print the version and exit',
    '',
    'Settings come from environment variables; the ones with a flag can also be given on the command line',
    '(a flag wins over its variable). Relative paths count from the current directory.',
    '',
    ...settings,
    '',
    'With no settings at all it runs in development mode for this machine only (http://localhost:8080,',
    'messages kept in the dev outbox), keeps its database in ./data and, on the first run, creates',
    './passage-apps.json with one app; edit that file to declare your apps. In production set PUBLIC_URL',
    'to the https address users reach it at and SMTP_URL (SMS_PROVIDER for phone identifiers).',
    '',
    'Documentation: https://github.com/open-passage/open-passage/tree/main/server#readme',
    '',
  ].join('\n');
}
