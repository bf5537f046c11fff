import { readFile } from 'node:fs/promises';
import Value from 'typebox/value';
import { shownPath } from '../config/shown-path.js';
import { APP_SETTINGS_PATTERN_WORDS, AppSettings, appSettingsProblem } from './app-settings.js';
import { settingsProblems } from './settings-errors.js';

/** Replaces `${NAME}` in string values with the given variables, so one file serves any port. */
function substitute(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

/** The `${NAME}`s an apps file may use: PUBLIC_URL and AUTH_ORIGIN (docs/server/apps-file.md). */
export function appsFileVariables(config: { publicUrl: string; authOrigin: string }): Record<string, string> {
  return { PUBLIC_URL: config.publicUrl, AUTH_ORIGIN: config.authOrigin };
}

class AppsFileError extends Error {}

/** The smallest apps file: one app on the server's own origin, every other setting at its default. */
const MINIMAL_APPS_FILE = '{"apps": [{"id": "myapp001", "name": "My app", "auth_origin": "${PUBLIC_URL}"}]}';

/** The file's text, or an error that says in plain words why it cannot be read. */
async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      // Said for every reader: the command (APPS_FILE set), buildServer and the import, which never create it.
      throw new AppsFileError(
        `apps file ${shownPath(path)} does not exist: create it with your apps, for example ${MINIMAL_APPS_FILE} ` +
          '(see docs/server/apps-file.md). Only the open-passage-server command creates one, on a first run ' +
          'with APPS_FILE unset; buildServer and the import do not.',
      );
    }
    throw new AppsFileError(`cannot read apps file ${shownPath(path)}: ${(error as Error).message}`);
  }
}

/** `app "Shop" (#2)`, or `app #2` when it has no usable name. */
function appLabel(raw: unknown, index: number): string {
  const name = (raw as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name !== ''
    ? `app ${JSON.stringify(name)} (#${index + 1})`
    : `app #${index + 1}`;
}

/** One app of the file with its defaults filled in, or an error listing every problem of it. */
function checkedApp(raw: unknown, label: string): AppSettings {
  const withDefaults = Value.Default(AppSettings, structuredClone(raw));
  const problems = settingsProblems(AppSettings, withDefaults, APP_SETTINGS_PATTERN_WORDS);
  if (problems.length === 0) {
    const problem = appSettingsProblem(withDefaults as AppSettings);
    if (problem) {
      // A top-level setting is quoted; a nested one (a social provider's field) is named only.
      const value = (withDefaults as Record<string, unknown>)[problem.field];
      const shown = value === undefined ? '' : ` ${JSON.stringify(value)}`;
      problems.push(`${problem.field}${shown} ${problem.message}`);
    }
  }
  if (problems.length === 0) return withDefaults as AppSettings;
  throw new AppsFileError(
    problems.length === 1
      ? `${label}: ${problems[0]}`
      : `${label}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
}

/** Reads and validates the apps file: `{ "apps": [AppSettings, …] }`. Errors name the file, the app and the field. */
export async function readAppsFile(path: string, vars: Record<string, string>): Promise<AppSettings[]> {
  const text = await readText(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(substitute(text, vars));
  } catch (error) {
    throw new AppsFileError(`apps file ${shownPath(path)} is not valid JSON: ${(error as Error).message}`);
  }
  const list = (parsed as { apps?: unknown })?.apps;
  if (!Array.isArray(list)) {
    throw new AppsFileError(
      `apps file ${shownPath(path)} must be an object with a list of apps: {"apps": [ … ]}`,
    );
  }
  return list.map((raw, index) => checkedApp(raw, `apps file ${shownPath(path)}, ${appLabel(raw, index)}`));
}
