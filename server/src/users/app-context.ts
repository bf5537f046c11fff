import type { AppSettings } from '../apps/app-settings.js';
import { appNotFound, invalidRequest } from '../http/api-error.js';
import { describeIdentifierProblem, type Identifier, parseIdentifier } from './identifier.js';
import type { IdentityServices } from '../identity-services.js';

/** The app a request is for, or 404 `app_not_found`. */
export async function requireApp(identity: IdentityServices, appId: string): Promise<AppSettings> {
  const app = await identity.appCache.find(appId);
  if (!app) throw appNotFound();
  return app;
}

/** The normalised identifier of a request body or query, or 400 `invalid_request` with a reason. */
export function requireIdentifier(app: AppSettings, raw: string): Identifier {
  const parsed = parseIdentifier(raw, app.allowed_identifier);
  if (!parsed.ok) throw invalidRequest(describeIdentifierProblem(parsed.problem, app.allowed_identifier));
  return parsed.identifier;
}
