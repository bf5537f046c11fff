import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { CreateUserBody, ERROR_CODES, MaybeUserBody, UserBody, UserLookupQuery } from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';
import { requireIdentifier } from './identifier.js';
import { countLookup, createPendingUser } from './counted-actions.js';
import type { IdentityServices } from '../identity-services.js';
import { validateUserMetadata } from './user-metadata.js';
import { toPublicUser } from './user-views.js';

/**
 * Its own code, so clients branch on it; the text starts with "Public signup" because
 * passage-elements shows such a message verbatim.
 */
export const publicSignupDisabled = () =>
  new ApiError(403, ERROR_CODES.PUBLIC_SIGNUP_DISABLED, 'Public signup is disabled for this app.');

export const userAlreadyExists = () =>
  new ApiError(400, ERROR_CODES.INVALID_REQUEST, 'A user with this identifier already exists.');

/** `GET /users?identifier=` (lookup) and `POST /users` (create a pending user). */
export const usersRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  http.get(
    '/users',
    {
      schema: {
        summary: 'Look up a user by email or phone number (`user: null` when there is none)',
        tags: ['users'],
        querystring: UserLookupQuery,
        response: { 200: MaybeUserBody, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const { app } = request;
      const identifier = requireIdentifier(app, request.query.identifier);
      countLookup(identity, app.id, request.ip);
      const user = await identity.users.findByIdentifier(app.id, identifier);
      if (!user) return { user: null };
      return { user: toPublicUser(user, await identity.credentials.forUser(app.id, user.id)) };
    },
  );

  http.post(
    '/users',
    {
      schema: {
        summary: 'Create a pending user (repeatable while pending)',
        tags: ['users'],
        response: { 201: UserBody, ...errorResponses(400, 403, 404, 429) },
        body: CreateUserBody,
      },
    },
    async (request, reply) => {
      const { app } = request;
      const identifier = requireIdentifier(app, request.body.identifier);
      const checked = validateUserMetadata(app.user_metadata_schema, request.body.user_metadata ?? {}, {
        registrationOnly: true,
      });
      if (!checked.ok) throw invalidRequest(checked.error);

      const existing = await identity.users.findByIdentifier(app.id, identifier);
      if (existing && existing.status !== 'pending') throw userAlreadyExists();
      if (!app.public_signup) throw publicSignupDisabled();
      let user = existing;
      if (user) {
        await identity.users.setMetadata(app.id, user.id, checked.metadata);
      } else {
        user = await createPendingUser(identity, app.id, identifier, request.ip, checked.metadata);
      }
      const fresh = (await identity.users.findById(app.id, user.id)) ?? user;
      reply.status(201);
      return { user: toPublicUser(fresh, await identity.credentials.forUser(app.id, fresh.id)) };
    },
  );
};
