import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { newId } from '../security/random.js';
import type { AppSettings } from './app-settings.js';

/**
 * The app of the first run with APPS_FILE unset, whose origin is `${AUTH_ORIGIN}` (the AUTH_ORIGIN
 * setting, by default the server's own origin), so the server starts, the file shows how apps are
 * declared, and a restart with `--auth-origin` lets a page elsewhere use the app without editing JSON.
 * Null when the file exists (it is never overwritten). Nothing is written yet: the caller checks the app
 * can be served first.
 */
export function firstApp(path: string): AppSettings | null {
  if (existsSync(path)) return null;
  return {
    id: newId(),
    name: 'My app',
    auth_origin: '${AUTH_ORIGIN}',
    redirect_url: '/',
    login_url: '',
    allowed_identifier: 'email',
    required_identifier: 'either',
    public_signup: true,
    require_identifier_verification: false,
    profile_management: true,
    auth_fallback_method: 'otp',
    passage_branding: false,
    default_language: 'en',
    session_timeout_length: 3600,
    user_metadata_schema: [],
    layouts: { registration: [], profile: [] },
    element_customization: {},
    element_customization_dark: {},
  };
}

/** Writes the apps file of the first run with `app`; false when another process created the file meanwhile. */
export async function createFirstAppsFile(path: string, app: AppSettings): Promise<boolean> {
  await mkdir(dirname(path), { recursive: true });
  try {
    // `wx`: another process that created the file meanwhile keeps its own.
    await writeFile(path, `${JSON.stringify({ apps: [app] }, null, 2)}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  return true;
}

/**
 * A page origin to name in the first run's advice: Vite's development server on this machine, or a site
 * on the web for a server others reach.
 */
const exampleOrigin = (devMode: boolean) => (devMode ? 'http://localhost:5173' : 'https://www.example.com');

/**
 * What the first run prints after creating the apps file: the app, where its pages may be, and how to
 * let a page on another origin use it (a browser there is refused until then: docs/server/apps-file.md).
 */
export function firstRunNotice(
  app: AppSettings,
  file: string,
  authOrigin: string,
  devMode: boolean,
): string[] {
  // The advice names another origin than the one already set (a start with --auth-origin already took it).
  const example = [exampleOrigin(devMode), 'https://www.example.com'].find(
    (origin) => origin !== authOrigin,
  )!;
  return [
    `  First run: created ${file} with one app, "${app.name}" (id ${app.id}).`,
    `  Its auth_origin is \${AUTH_ORIGIN}, now ${authOrigin}: only pages on that origin may use it.`,
    `  To show the sign-in elements on another origin, ${example} for example, restart with`,
    `  --auth-origin ${example} (or AUTH_ORIGIN=${example}), or set auth_origin in the file.`,
    '  Declare further apps in the same file ({"apps": [ … ]}) and restart after editing it;',
    '  open-passage-server --help lists every setting.',
    '',
  ];
}
