import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoBody } from 'open-passage/contract';
import Type, { type Static } from 'typebox';
import { AppIdParams } from '../apps/app-scope.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import type { IdentityServices } from '../identity-services.js';
import { errorResponses } from '../openapi/responses.js';
import type { WebhookEndpoint } from '../webhooks/endpoints-repository.js';
import type { AttemptRow } from '../webhooks/outbox-repository.js';
import { MAX_URL_LENGTH, webhookUrlProblem } from '../webhooks/webhook-urls.js';
import { LIMITS, limitKeys } from '../security/limits.js';
import { SUBSCRIBABLE_TYPES } from '../webhooks/webhook-types.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import { managementDocs } from './api-key-auth.js';
import { requireApp } from './management-app.js';

const docs = { ...managementDocs, tags: ['webhooks'] };

const WebhookParams = Type.Object({
  ...AppIdParams.properties,
  webhookId: Type.String({ pattern: '^ep_[A-Za-z0-9]{24}$' }),
});

const EventTypes = Type.Array(Type.Unsafe<string>({ type: 'string', enum: [...SUBSCRIBABLE_TYPES] }), {
  minItems: 1,
  maxItems: SUBSCRIBABLE_TYPES.length,
  uniqueItems: true,
  description: 'The event log types the endpoint receives; `*` for all of them, present and future',
});
const Settings = {
  url: Type.String({
    minLength: 1,
    maxLength: MAX_URL_LENGTH,
    description:
      'Where messages are POSTed: https (http only with WEBHOOK_ALLOW_HTTP), on a public address (loopback, private and link-local ones only with WEBHOOK_ALLOW_PRIVATE_NETWORKS); development mode allows both',
  }),
  event_types: EventTypes,
  description: Type.String({ maxLength: 256, description: 'What the endpoint is for' }),
  enabled: Type.Boolean({ description: 'false: no new messages are queued for it' }),
};

const Endpoint = Type.Object({
  id: Type.String({ description: '`ep_` and 24 characters' }),
  url: Type.String(),
  description: Type.String(),
  event_types: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
const Secret = Type.String({
  description: 'The signing secret (`whsec_…`, Standard Webhooks): shown this once, never again',
});

const Delivery = Type.Object({
  id: Type.String(),
  message_id: Type.String({ description: 'The `webhook-id` header: the same on every try of a message' }),
  event_type: Type.String(),
  attempt: Type.Integer({ description: '1 for the first try' }),
  status_code: Type.Union([Type.Integer(), Type.Null()], {
    description: "The receiver's HTTP status; null when no answer came (refused, timed out, blocked)",
  }),
  duration_ms: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why the try failed; null when delivered' }),
  created_at: Type.String(),
});
const DeliveryQuery = Type.Object({
  cursor: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9]{24}$', description: "The previous page's next_cursor" }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
});

const webhookNotFound = () => new ApiError(404, 'webhook_not_found', 'This app has no webhook with this id.');

function toView(endpoint: WebhookEndpoint): Static<typeof Endpoint> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes,
    enabled: endpoint.enabled,
    created_at: endpoint.createdAt,
    updated_at: endpoint.updatedAt,
  };
}

function toDelivery(row: AttemptRow): Static<typeof Delivery> {
  return {
    id: row.id,
    message_id: row.message_id,
    event_type: row.event_type,
    attempt: row.attempt,
    status_code: row.status_code,
    duration_ms: row.duration_ms,
    error: row.error,
    created_at: row.created_at,
  };
}

/** Endpoints one app may have: each is a receiver the outbox keeps sending to (and retrying). */
const MAX_ENDPOINTS_PER_APP = 20;

/**
 * An app's webhooks through the management API (docs/server/management-api.md): endpoints, their
 * secrets (shown when made or rotated, never again), their delivery log and a test message.
 */
export const managementWebhookRoutes: FastifyPluginAsyncTypebox<{
  identity: IdentityServices;
  webhooks: Webhooks;
}> = async (http, { identity, webhooks }) => {
  const base = '/v1/apps/:appId/webhooks';
  const checkedUrl = (url: string) => {
    const problem = webhookUrlProblem(url, webhooks.config);
    if (problem) throw invalidRequest(`url ${problem}.`);
    return url;
  };
  const requireEndpoint = async (appId: string, id: string) => {
    await requireApp(identity, appId);
    const endpoint = await webhooks.endpoints.find(appId, id);
    if (!endpoint) throw webhookNotFound();
    return endpoint;
  };

  http.get(
    base,
    {
      schema: {
        ...docs,
        summary: "List the app's webhook endpoints (never their secrets)",
        params: AppIdParams,
        response: { 200: Type.Object({ webhooks: Type.Array(Endpoint) }), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const app = await requireApp(identity, request.params.appId);
      return { webhooks: (await webhooks.endpoints.list(app.id)).map(toView) };
    },
  );

  http.post(
    base,
    {
      schema: {
        ...docs,
        summary: 'Create a webhook endpoint; the answer is the only time its signing secret is shown',
        params: AppIdParams,
        body: Type.Object(
          {
            url: Settings.url,
            event_types: Settings.event_types,
            description: Type.Optional(Settings.description),
            enabled: Type.Optional(Settings.enabled),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({ webhook: Endpoint, secret: Secret }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const app = await requireApp(identity, request.params.appId);
      const { body } = request;
      if ((await webhooks.endpoints.list(app.id)).length >= MAX_ENDPOINTS_PER_APP) {
        throw invalidRequest(
          `An app has at most ${MAX_ENDPOINTS_PER_APP} webhook endpoints: delete one, or subscribe an endpoint to more event types.`,
        );
      }
      const { endpoint, secret } = await webhooks.endpoints.create(app.id, {
        url: checkedUrl(body.url),
        eventTypes: body.event_types,
        description: body.description ?? '',
        enabled: body.enabled ?? true,
      });
      webhooks.changed(app.id);
      request.log.info({ event: 'webhook.created', appId: app.id, webhookId: endpoint.id });
      reply.status(201);
      return { webhook: toView(endpoint), secret };
    },
  );

  http.get(
    `${base}/:webhookId`,
    {
      schema: {
        ...docs,
        summary: 'A webhook endpoint',
        params: WebhookParams,
        response: { 200: Type.Object({ webhook: Endpoint }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { appId, webhookId } = request.params;
      return { webhook: toView(await requireEndpoint(appId, webhookId)) };
    },
  );

  http.patch(
    `${base}/:webhookId`,
    {
      schema: {
        ...docs,
        summary: 'Change a webhook endpoint; fields left out stay as they are',
        params: WebhookParams,
        body: Type.Partial(Type.Object(Settings), { additionalProperties: false, minProperties: 1 }),
        response: { 200: Type.Object({ webhook: Endpoint }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { appId, webhookId } = request.params;
      await requireApp(identity, appId);
      const { body } = request;
      const endpoint = await webhooks.endpoints.update(appId, webhookId, {
        ...(body.url !== undefined && { url: checkedUrl(body.url) }),
        ...(body.event_types !== undefined && { eventTypes: body.event_types }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.enabled !== undefined && { enabled: body.enabled }),
      });
      if (!endpoint) throw webhookNotFound();
      webhooks.changed(appId);
      request.log.info({ event: 'webhook.updated', appId, webhookId });
      return { webhook: toView(endpoint) };
    },
  );

  http.delete(
    `${base}/:webhookId`,
    {
      schema: {
        ...docs,
        summary: 'Delete a webhook endpoint, its queued messages and its delivery log',
        params: WebhookParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { appId, webhookId } = request.params;
      await requireApp(identity, appId);
      if (!(await webhooks.endpoints.delete(appId, webhookId))) throw webhookNotFound();
      webhooks.changed(appId);
      request.log.info({ event: 'webhook.deleted', appId, webhookId });
      return reply.status(204).send(null);
    },
  );

  http.post(
    `${base}/:webhookId/rotate-secret`,
    {
      schema: {
        ...docs,
        summary: 'Replace the signing secret at once (queued messages too are signed with the new one)',
        params: WebhookParams,
        body: NoBody,
        response: { 200: Type.Object({ secret: Secret }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { appId, webhookId } = request.params;
      await requireApp(identity, appId);
      const secret = await webhooks.endpoints.rotateSecret(appId, webhookId);
      if (secret === null) throw webhookNotFound();
      request.log.info({ event: 'webhook.secret_rotated', appId, webhookId });
      return { secret };
    },
  );

  http.get(
    `${base}/:webhookId/deliveries`,
    {
      schema: {
        ...docs,
        summary: "The endpoint's delivery log: every try, newest first",
        params: WebhookParams,
        querystring: DeliveryQuery,
        response: {
          200: Type.Object({
            deliveries: Type.Array(Delivery),
            next_cursor: Type.String({ description: 'The cursor of the next page; "" on the last one' }),
          }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { appId, webhookId } = request.params;
      const { limit, cursor } = request.query;
      await requireEndpoint(appId, webhookId);
      // One more than asked tells whether there is a next page.
      const rows = await webhooks.outbox.attempts(webhookId, limit + 1, cursor);
      const page = rows.slice(0, limit);
      return { deliveries: page.map(toDelivery), next_cursor: rows.length > limit ? page.at(-1)!.id : '' };
    },
  );

  http.post(
    `${base}/:webhookId/test`,
    {
      schema: {
        ...docs,
        summary: 'Queue a `webhook.test` message for the endpoint, whatever it subscribes to',
        params: WebhookParams,
        body: NoBody,
        response: {
          202: Type.Object({ message_id: Type.String({ description: 'Its `webhook-id`' }) }),
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { appId, webhookId } = request.params;
      await requireEndpoint(appId, webhookId);
      await identity.rateLimits.enforce(
        limitKeys.webhookTestsOfApp(appId),
        LIMITS.webhookTestsPerApp,
        'Too many test messages were queued for this app: try again later.',
      );
      const messageId = await webhooks.sendTest(appId, webhookId);
      reply.status(202);
      return { message_id: messageId };
    },
  );
};
