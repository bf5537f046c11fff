import { readFile } from 'node:fs/promises';
import Value from 'typebox/value';
import { AppSettings, appSettingsProblem } from './app-settings.js';

/** Replaces `${NAME}` in string values with the given variables, so one file serves any port. */
function substitute(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

/** The `${NAME}`s an apps file may use: PUBLIC_URL and AUTH_ORIGIN (docs/server/apps-file.md). */
export function appsFileVariables(config: { publicUrl: string; authOrigin: string }): Record<string, string> {
  return { PUBLIC_URL: config.publicUrl, AUTH_ORIGIN: config.authOrigin };
}

export class AppsFileError extends Error {}

/** Reads and validates the apps file: `{ "apps": [AppSettings, …] }`. */
export async function readAppsFile(path: string, vars: Record<string, string>): Promise<AppSettings[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(substitute(await readFile(path, 'utf8'), vars));
  } catch (error) {
    throw new AppsFileError(`cannot read apps file ${path}: ${(error as Error).message}`);
  }
  const list = (parsed as { apps?: unknown })?.apps;
  if (!Array.isArray(list)) throw new AppsFileError(`apps file ${path} must be {"apps": [ … ]}`);
  return list.map((raw, index) => {
    const withDefaults = Value.Default(AppSettings, structuredClone(raw));
    const errors = [...Value.Errors(AppSettings, withDefaults)];
    if (errors.length > 0) {
      const first = errors[0];
      throw new AppsFileError(
        `apps file ${path}, app #${index + 1}: ${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}`,
      );
    }
    const app = withDefaults as AppSettings;
    const problem = appSettingsProblem(app);
    if (problem) {
      throw new AppsFileError(`apps file ${path}, app ${app.id}: ${problem.field} ${problem.message}`);
    }
    return app;
  });
}
