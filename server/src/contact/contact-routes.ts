import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppsRepository } from '../apps/apps-repository.js';
import type { Db } from '../db/database.js';
import type { OutgoingMessage } from '../delivery/outgoing-message.js';
import { type AppOrigins, normalizeOrigin } from '../apps/app-origins.js';
import type { MessageSender } from '../delivery/outgoing-message.js';
import type { MetricsRecorder } from '../metrics/recorder.js';
import { type LimitPolicy, RateLimiter } from '../security/rate-limiter.js';
import { storeContactMessage } from './contact-repository.js';
import {
  type ContactSubmission,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  MAX_FIELD_LENGTH,
  MAX_FIELDS,
  MIN_FILL_MS,
  readSubmission,
} from './contact-submission.js';
import { EMAILJS, EmailJsAnswer } from './emailjs-answers.js';
import { isFormNavigation, sendFormPostPage } from './form-post-page.js';

export interface ContactRoutesOptions {
  db: Db;
  apps: AppsRepository;
  sender: MessageSender;
  /** CONTACT_TO: where messages go when the app names no `contact_to`. */
  contactTo: string | null;
  /** RATE_LIMIT_FACTOR: scales the limits below (0 switches them off). */
  rateLimitFactor: number;
  /** Every app's auth_origin: the pages that may send messages, besides the server's own. */
  origins: AppOrigins;
  /** PUBLIC_URL: the server's own pages (the demo site it serves) may send messages too. */
  publicUrl: string;
  /** Where refusals by the limits below are counted. */
  metrics: MetricsRecorder;
}

/** Submissions per IP, and for the whole server: a flood cannot exhaust the mail quota. */
const CONTACT_PER_IP: LimitPolicy = { name: 'contact_per_ip', limit: 5, windowSeconds: 600 };
const CONTACT_ALL: LimitPolicy = { name: 'contact_all', limit: 200, windowSeconds: 3600 };

const LibraryFields = {
  lib_version: Type.Optional(Type.String({ description: 'Version of @emailjs/browser' })),
  service_id: Type.Optional(Type.String({ description: 'EmailJS service id (stored, not interpreted)' })),
  template_id: Type.Optional(Type.String({ description: 'EmailJS template id (stored, not interpreted)' })),
  user_id: Type.Optional(
    Type.String({ description: 'The public key: the id of the app whose owner gets the message' }),
  ),
};

const SendFormBody = Type.Object(LibraryFields, {
  additionalProperties: Type.Unknown(),
  description: `The form's fields (at most ${MAX_FIELDS}, each up to ${MAX_FIELD_LENGTH} characters); \`${HONEYPOT_FIELD}\` is a honeypot; \`${FILL_TIME_FIELD}\`, when sent, is the fill time in ms (under ${MIN_FILL_MS}: a bot).`,
});

const SendBody = Type.Object(
  {
    ...LibraryFields,
    template_params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    accessToken: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** EmailJS's text for programs, or the small page a browser gets for a form it posted itself. */
const textAnswer = (description: string) => ({
  description,
  content: {
    'text/plain': { schema: Type.String({ description: "EmailJS's text" }) },
    'text/html': {
      schema: Type.String({ description: 'A page saying the same, for a form the browser posted' }),
    },
  },
});
const answers = {
  200: textAnswer('`OK`: the message is stored and forwarded'),
  400: textAnswer('The message is incomplete or malformed'),
  403: textAnswer("The request comes from a page that is not one of this server's sites"),
  413: textAnswer('The message is too large'),
  429: textAnswer('Too many messages from this address, or in all (see Retry-After)'),
  500: textAnswer('The message could not be stored'),
};

function sendText(reply: FastifyReply, status: number, text: string) {
  return reply.status(status).type('text/plain; charset=utf-8').send(text);
}

/** Where the page for a form posted without JavaScript links back to: the app's site, once it is known. */
const siteOf = new WeakMap<FastifyRequest, string>();

/** EmailJS's plain text for programs; a small page for a browser that posted the form itself. */
function answer(request: FastifyRequest, reply: FastifyReply, status: number, text: string) {
  return isFormNavigation(request)
    ? sendFormPostPage(request, reply, status, text, siteOf.get(request) ?? '/')
    : sendText(reply, status, text);
}

/**
 * Reads a multipart form into `request.body` as `{name: value}` (a repeated name: the list of its values).
 * A body the multipart parser cannot read (no boundary, a form cut short, a malformed part header) is the
 * sender's mistake: it gets 400 with an EmailJS-style text, not a 500. The parser's limits keep their 413.
 */
async function readForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        await part.toBuffer(); // never kept (the limits allow no file); read so that the form goes on
        continue;
      }
      const before = body[part.fieldname];
      body[part.fieldname] =
        before === undefined ? part.value : [...(Array.isArray(before) ? before : [before]), part.value];
    }
  } catch (error) {
    if (typeof (error as Partial<FastifyError>).statusCode === 'number') throw error;
    throw EMAILJS.badRequest(`The form data is malformed (${(error as Error).message}).`);
  }
  request.body = body;
}

/**
 * The page a browser request comes from: its Origin, or failing that the origin of its Referer; undefined
 * when it names neither (curl, another server), and "null" for what cannot be read.
 */
function sendingOrigin(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin;
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/** The EmailJS-compatible contact endpoint: stores each message, then forwards it through the queue. */
export const contactRoutes: FastifyPluginAsyncTypebox<ContactRoutesOptions> = async (app, options) => {
  const { db, apps, sender, contactTo } = options;
  const limiter = new RateLimiter(db, options.rateLimitFactor, options.metrics);
  const ownOrigin = normalizeOrigin(new URL(options.publicUrl).origin);

  /*
   * Browsers send a cross-origin form or fetch POST without a preflight, so CORS alone does not stop a
   * page elsewhere from posting here and spending the global hourly budget with its visitors' addresses.
   * A request that names a foreign page is refused before its body is read: not stored, not forwarded,
   * not counted. One that names no page (not a browser) is judged by the limits per address and in all.
   */
  app.addHook('onRequest', async (request) => {
    const origin = sendingOrigin(request);
    if (origin === undefined || normalizeOrigin(origin) === ownOrigin) return;
    // A page served with `Referrer-Policy: no-referrer` (as this server serves its own) sends `Origin:
    // null` even with a form posted to its own origin; Sec-Fetch-Site, which a page cannot set, tells.
    if (origin === 'null' && request.headers['sec-fetch-site'] === 'same-origin') return;
    if (await options.origins.isAnyAppOrigin(origin)) return;
    request.log.info({ origin }, 'contact: refused a message from a foreign origin');
    throw EMAILJS.originNotAllowed(origin);
  });

  await app.register(multipart, {
    limits: { fields: MAX_FIELDS + 5, fieldSize: MAX_FIELD_LENGTH * 4, files: 0, parts: MAX_FIELDS + 5 },
  });
  app.addHook('preValidation', readForm);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof EmailJsAnswer) return answer(request, reply, error.status, error.text);
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_FILES_LIMIT' || error.code === 'FST_PARTS_LIMIT') {
      return answer(request, reply, 413, EMAILJS.tooLarge().text);
    }
    if (status >= 400 && status < 500)
      return answer(request, reply, 400, `The request is invalid: ${error.message}`);
    request.log.error({ err: error }, 'contact: cannot store a message');
    return answer(request, reply, 500, EMAILJS.serverError().text);
  });

  async function accept(request: FastifyRequest, reply: FastifyReply, submission: ContactSubmission) {
    const found = /^[A-Za-z0-9]{1,64}$/.test(submission.publicKey)
      ? await apps.find(submission.publicKey)
      : undefined;
    if (!found) throw EMAILJS.publicKeyInvalid();
    siteOf.set(request, `${found.auth_origin}/`);
    for (const [key, policy] of [
      [`contact:ip:${request.ip}`, CONTACT_PER_IP],
      ['contact:all', CONTACT_ALL],
    ] as const) {
      const verdict = await limiter.hit(key, policy);
      if (!verdict.allowed) {
        reply.header('Retry-After', String(verdict.retryAfter));
        throw EMAILJS.tooManyRequests();
      }
    }
    const recipient = found.contact_to ?? contactTo;
    const forward: OutgoingMessage | null =
      submission.spam || !recipient
        ? null
        : {
            appId: found.id,
            channel: 'email',
            to: recipient,
            kind: 'contact',
            language: found.default_language,
            params: {
              appName: found.name,
              name: submission.name,
              email: submission.replyTo ?? '',
              fields: JSON.stringify(submission.fields),
            },
            ...(submission.replyTo ? { replyTo: submission.replyTo } : {}),
          };
    const id = await storeContactMessage(db, sender, submission, {
      appId: found.id,
      ip: request.ip,
      forward,
    });
    if (!recipient)
      request.log.warn({ contactMessageId: id }, 'contact: stored, but no CONTACT_TO or contact_to is set');
    if (submission.spam)
      request.log.info(
        { contactMessageId: id, spam: submission.spam },
        'contact: looks like a bot, stored as spam and not forwarded',
      );
    return answer(request, reply, 200, EMAILJS.ok);
  }

  app.post(
    '/api/v1.0/email/send-form',
    {
      schema: {
        summary: 'EmailJS-compatible contact form (what @emailjs/browser sendForm posts)',
        description:
          'A form posted by the browser itself (no `lib_version`, a navigation asking for HTML) gets the same statuses with a small HTML page: "Message delivered", or the error with a form that sends the message again.',
        tags: ['contact'],
        consumes: ['multipart/form-data'],
        body: SendFormBody,
        response: answers,
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      return accept(request, reply, readSubmission(body, body));
    },
  );

  app.post(
    '/api/v1.0/email/send',
    {
      schema: {
        summary: 'EmailJS-compatible contact message as JSON (what @emailjs/browser send posts)',
        tags: ['contact'],
        body: SendBody,
        response: answers,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const params = body.template_params ?? {};
      if (typeof params !== 'object' || Array.isArray(params)) throw EMAILJS.templateParamsInvalid();
      return accept(request, reply, readSubmission(body, params));
    },
  );
};
