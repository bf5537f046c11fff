import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SETTINGS } from './config/config.js';

/** A command line the server cannot run with; the message says why (exit status 2). */
export class UsageError extends Error {}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  /** Start the server; `env` holds the settings given as flags, which win over the environment. */
  | { kind: 'start'; env: Record<string, string> };

const flagged = SETTINGS.filter((setting) => setting.flag !== undefined);

/** Reads the command line (without `node` and the script). Throws UsageError on anything it does not know. */
export function parseCommandLine(args: readonly string[]): Command {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
  };
  for (const setting of flagged) options[setting.flag!.slice(2)] = { type: 'string' };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...args], options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const env: Record<string, string> = {};
  for (const setting of flagged) {
    const value = values[setting.flag!.slice(2)];
    if (typeof value === 'string') env[setting.name] = value;
  }
  return { kind: 'start', env };
}

/** The package's version, from its package.json (one folder above this file, in src/ and in dist/). */
export function packageVersion(): string {
  const file = new URL('../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Splits text into lines of at most `width` characters at spaces. */
function wrap(text: string, width: number): string[] {
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
  const label = (s: (typeof SETTINGS)[number]) => (s.flag ? `${s.name}, ${s.flag} <value>` : s.name);
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
    'With no settings at all it keeps its database in ./data and, on the first run, creates',
    './passage-apps.json with one app; edit that file to declare your apps.',
    '',
    'Documentation: https://github.com/open-passage/open-passage/tree/main/server#readme',
    '',
  ].join('\n');
}
