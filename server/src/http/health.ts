import { ERROR_CODES } from 'open-passage/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import Type from 'typebox';
import type { Db } from '../db/database.js';

const Health = Type.Object({ status: Type.Literal('ok'), database: Type.String() });
const Unavailable = Type.Object({ code: Type.String(), error: Type.String() });

/** `GET /v1/health`: 200 when the server and its database answer, 503 otherwise (for load balancers). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db; dbKind: string }> = async (
  app,
  { db, dbKind },
) => {
  app.get(
    '/v1/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['operations'],
        response: { 200: Health, 503: Unavailable },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(db);
      } catch {
        return reply
          .status(503)
          .send({ code: ERROR_CODES.DATABASE_UNAVAILABLE, error: 'The database does not answer.' });
      }
      return { status: 'ok' as const, database: dbKind };
    },
  );
};
