import type { FastifyPluginAsync } from 'fastify';
import type { AppsRepository } from '../apps/apps-repository.js';
import type { IdentityServices } from '../identity-services.js';
import { adminApiKeyRoutes } from './admin-api-key-routes.js';
import { adminImportRoute } from './admin-import-route.js';
import { apiKeyConstraint, requireApiKey } from './api-key-auth.js';
import { ApiKeys } from './api-keys.js';
import { managementMagicLinkRoutes } from './management-magic-links.js';
import { managementUserRoutes } from './management-user-routes.js';

export interface ManagementOptions {
  identity: IdentityServices;
  apps: AppsRepository;
  /** The admin API's key routes and import route exist only with ADMIN_API_KEY. */
  adminApiKey: string | null;
}

/**
 * Passage's management API (`/v1/apps/{appId}/users…`, `/magic-links`) with per-app API keys, and the
 * admin routes that manage those keys and import users (docs/management-api.md).
 */
export const managementApi: FastifyPluginAsync<ManagementOptions> = async (http, options) => {
  const { identity, apps, adminApiKey } = options;
  const keys = new ApiKeys(identity.db);
  // Keys declared in app settings follow them: at start for every stored app, then on each change
  // made through this instance (admin API); keys of a deleted app go with it.
  for (const app of await apps.list()) await keys.syncSettings(app.id, app);
  await keys.forgetAppsOtherThan((await apps.list()).map((app) => app.id));
  apps.onChange((appId) => {
    void apps
      .find(appId)
      .then((app) => keys.syncSettings(appId, app))
      .catch((error: unknown) => http.log.error({ err: error, appId }, 'syncing API keys failed'));
  });
  http.addConstraintStrategy(apiKeyConstraint);

  await http.register(async (scope) => {
    requireApiKey(scope, keys);
    await scope.register(managementUserRoutes, { identity });
    await scope.register(managementMagicLinkRoutes, { identity });
  });
  if (adminApiKey) {
    await http.register(adminApiKeyRoutes, { adminApiKey, apps, keys });
    await http.register(adminImportRoute, { adminApiKey, apps, identity });
  }
};
