import type { AppSettings } from '../apps/app-settings.js';
import { appNotFound } from '../http/api-error.js';
import type { IdentityServices } from '../identity-services.js';

/**
 * The app a management request names, or 404 `app_not_found`. The management API is registered beside
 * the auth API's app scope (apps/app-scope.ts), not in it: it shares paths with the auth API and a
 * Fastify constraint on the API key picks it, so it resolves the app itself.
 */
export async function requireApp(identity: IdentityServices, appId: string): Promise<AppSettings> {
  const app = await identity.appCache.find(appId);
  if (!app) throw appNotFound();
  return app;
}
