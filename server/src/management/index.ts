import type { FastifyPluginAsync } from 'fastify';
import type { AppsRepository } from '../apps/apps-repository.js';
import type { IdentityServices } from '../identity-services.js';
import { adminApiKeyRoutes } from './admin-api-key-routes.js';
import { adminImportRoute } from './admin-import-route.js';
import { refuseUnknownBodyFields } from '../http/strict-bodies.js';
import { refuseUnknownQueryParameters } from '../http/strict-queries.js';
import { apiKeyConstraint, requireApiKey } from './api-key-auth.js';
import { managementEventRoutes } from './management-event-routes.js';
import { managementMagicLinkRoutes } from './management-magic-links.js';
import { managementUserRoutes } from './management-user-routes.js';
import { managementWebhookRoutes } from './management-webhook-routes.js';
import type { Webhooks } from '../webhooks/webhooks.js';

export interface ManagementOptions {
  identity: IdentityServices;
  apps: AppsRepository;
  /** The admin API's key routes and import route exist only with ADMIN_API_KEY. */
  adminApiKey: string | null;
  webhooks: Webhooks;
}

/**
 * Passage's management API (`/v1/apps/{appId}/users…`, `/magic-links`), the event log (`/events`) and
 * webhooks (`/webhooks`) with per-app API keys, and the
 * admin routes that manage those keys and import users (docs/server/management-api.md).
 */
export const managementApi: FastifyPluginAsync<ManagementOptions> = async (http, options) => {
  const { identity, apps, adminApiKey, webhooks } = options;
  // Keys declared in app settings change with them, in AppsRepository (apps/apps-repository.ts).
  const { keys } = apps;
  http.addConstraintStrategy(apiKeyConstraint);

  await http.register(async (scope) => {
    requireApiKey(scope, keys);
    refuseUnknownBodyFields(scope);
    refuseUnknownQueryParameters(scope);
    await scope.register(managementUserRoutes, { identity });
    await scope.register(managementMagicLinkRoutes, { identity });
    await scope.register(managementEventRoutes, { identity });
    await scope.register(managementWebhookRoutes, { identity, webhooks });
  });
  if (adminApiKey) {
    await http.register(adminApiKeyRoutes, {
      adminApiKey,
      apps,
      keys,
      events: identity.events,
      db: identity.db,
    });
    await http.register(adminImportRoute, { adminApiKey, apps, identity });
  }
};
