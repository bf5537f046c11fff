import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import { AppIdParams } from '../apps/app-scope.js';
import { EVENT_TYPES, type EventType } from '../events/event-types.js';
import type { EventFilter } from '../events/events-repository.js';
import { invalidRequest } from '../http/api-error.js';
import type { IdentityServices } from '../identity-services.js';
import { errorResponses } from '../openapi/responses.js';
import { userNotFound } from '../sign-in/auth-results.js';
import { managementDocs } from './api-key-auth.js';
import { requireApp } from './management-app.js';
import { RecentEvent, toRecentEvent } from './management-user.js';
import { UserParams } from './management-user-routes.js';

const EventQuery = Type.Object({
  // An enum, not a union of constants: a wrong type is answered with the list of allowed ones.
  type: Type.Optional(Type.Unsafe<EventType>({ type: 'string', enum: [...EVENT_TYPES] })),
  since: Type.Optional(Type.String({ format: 'date-time', description: 'Events at or after this time' })),
  until: Type.Optional(Type.String({ format: 'date-time', description: 'Events before this time' })),
  cursor: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9]{24}$',
      description: "The previous page's next_cursor: this page goes on after it",
    }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
});
const AppEventQuery = Type.Object({
  ...EventQuery.properties,
  user_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' })),
});

/** An entry of the app's log: the user's `recent_events` item plus whose it is and who acted. */
const LoggedEvent = Type.Object({
  ...RecentEvent.properties,
  user_id: Type.Union([Type.String(), Type.Null()], {
    description: 'null for a refused sign-in, which names no user it could be trusted for',
  }),
  actor: Type.Union([Type.Literal('user'), Type.Literal('api_key'), Type.Literal('admin')], {
    description: 'Who acted: the user, an API key of the app (management API) or the admin API',
  }),
});
const EventPage = Type.Object({
  events: Type.Array(LoggedEvent, { description: 'Newest first' }),
  next_cursor: Type.String({ description: 'The cursor of the next page; "" on the last one' }),
});

/** A time of the query as stored (ISO-8601 UTC, fixed width), so that it compares as text. */
function storedTime(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const time = Date.parse(raw);
  if (Number.isNaN(time)) throw invalidRequest(`${name} must be a date-time such as 2026-11-01T00:00:00Z.`);
  return new Date(time).toISOString();
}

/**
 * The event log through the management API (docs/server/management-api.md): an app's events and one
 * user's, newest first, by type and time, a page at a time.
 */
export const managementEventRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  const page = async (
    appId: string,
    query: Static<typeof EventQuery>,
    userId: string | undefined,
  ): Promise<Static<typeof EventPage>> => {
    const filter: EventFilter = {
      ...(userId !== undefined && { userId }),
      ...(query.type !== undefined && { types: [query.type] }),
      since: storedTime('since', query.since),
      until: storedTime('until', query.until),
      after: query.cursor,
    };
    // One more than asked tells whether there is a next page.
    const rows = await identity.events.list(appId, filter, query.limit + 1);
    const events = rows.slice(0, query.limit);
    return {
      events: events.map((row) => ({ ...toRecentEvent(row), user_id: row.user_id, actor: row.actor })),
      next_cursor: rows.length > query.limit ? events.at(-1)!.id : '',
    };
  };

  http.get(
    '/v1/apps/:appId/events',
    {
      schema: {
        ...managementDocs,
        summary: "The app's event log, newest first: sign-ins, refused sign-ins and account changes",
        params: AppIdParams,
        querystring: AppEventQuery,
        response: { 200: EventPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const app = await requireApp(identity, request.params.appId);
      return page(app.id, request.query, request.query.user_id);
    },
  );

  http.get(
    '/v1/apps/:appId/users/:userId/events',
    {
      schema: {
        ...managementDocs,
        summary: "A user's events, newest first",
        params: UserParams,
        querystring: EventQuery,
        response: { 200: EventPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { appId, userId } = request.params;
      await requireApp(identity, appId);
      if (!(await identity.users.findById(appId, userId))) throw userNotFound();
      return page(appId, request.query, userId);
    },
  );
};
