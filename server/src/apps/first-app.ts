import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { newId } from '../security/random.js';
import type { AppSettings } from './app-settings.js';

/**
 * The app of the first run with APPS_FILE unset, whose origin is the server's own (`${PUBLIC_URL}`), so
 * the server starts and the file shows how apps are declared. Null when the file exists (it is never
 * overwritten). Nothing is written yet: the caller checks the app can be served first.
 */
export function firstApp(path: string): AppSettings | null {
  if (existsSync(path)) return null;
  return {
    id: newId(),
    name: 'My app',
    auth_origin: '${PUBLIC_URL}',
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
