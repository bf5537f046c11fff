import type { IdentifierType, UserStatus } from 'open-passage/contract';
import type { AppSettings } from '../apps/app-settings.js';
import { describeIdentifierProblem, firstInvisibleCharacter, parseIdentifier } from '../users/identifier.js';
import { parseUserTime } from '../users/user-times.js';
import { type UserMetadata, validateUserMetadata } from '../users/user-metadata.js';

/** One record to import, with how reports name it (`user #3`, `line 4`). */
export interface ImportRecord {
  row: string;
  fields: unknown;
  /** Why the record cannot be a user, found while reading it (a CSV row with more cells than columns). */
  problem?: string;
}

/** The fields of a user that an import reads (the columns of a CSV, the keys of a JSON user). */
export const USER_FIELDS = [
  'id',
  'email',
  'phone',
  'email_verified',
  'phone_verified',
  'status',
  'user_metadata',
  'created_at',
  'updated_at',
  'last_login_at',
  'login_count',
  'social_connections',
] as const;

/**
 * The rest of a Passage `UserInfo` (passage-node's `user.get` / `user.list`): part of an export, with
 * nothing to import (passkeys cannot be moved, sign-in events are not kept), so they are passed over.
 */
const PASSAGE_ONLY_FIELDS = [
  'external_id',
  'recent_events',
  'webauthn',
  'webauthn_devices',
  'webauthn_types',
] as const;

const KNOWN_FIELDS = new Set<string>([...USER_FIELDS, ...PASSAGE_ONLY_FIELDS]);

/** A provider identity of an imported user, as Passage's `social_connections` holds it. */
export interface ImportedConnection {
  type: string;
  provider_id: string;
  provider_identifier: string;
  created_at: string | null;
  last_login_at: string | null;
}

/** Why a record cannot be imported; the import reports it for its row and goes on. */
export class RowProblem extends Error {}

/** A record, checked and normalised, ready to be stored. */
export interface ImportedUser {
  id: string | null;
  email: string | null;
  phone: string | null;
  email_verified: number;
  phone_verified: number;
  status: UserStatus;
  user_metadata: UserMetadata | null;
  login_count: number;
  last_login_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  /** The user's linked providers; null when the record has no `social_connections` (stored ones stay). */
  social_connections: ImportedConnection[] | null;
}

const absent = (value: unknown) => value === undefined || value === null || value === '';

function flag(value: unknown, name: string): number {
  if (absent(value)) return 0;
  if (value === true || value === 'true' || value === '1' || value === 1) return 1;
  if (value === false || value === 'false' || value === '0' || value === 0) return 0;
  throw new RowProblem(`${name} must be true or false.`);
}

/** What Passage answered for "never" (Go's zero time), read as no time at all. */
const GO_ZERO_TIME = /^0001-01-01T00:00:00(\.0+)?Z$/;

/** An RFC 3339 time as stored (ISO, UTC); null for none or Go's zero time. */
function time(value: unknown, name: string): string | null {
  if (absent(value)) return null;
  if (typeof value !== 'string') throw new RowProblem(`${name} must be an RFC 3339 time.`);
  if (GO_ZERO_TIME.test(value)) return null;
  const parsed = parseUserTime(value);
  if (!parsed.ok) throw new RowProblem(`${name} ${parsed.problem}.`);
  return parsed.iso;
}

function identifier(value: unknown, type: IdentifierType): string | null {
  if (absent(value)) return null;
  if (typeof value !== 'string') throw new RowProblem(`${type} must be text.`);
  const invisible = firstInvisibleCharacter(value);
  if (invisible) {
    throw new RowProblem(`${type} contains an invisible character (${invisible}), which hides what it is.`);
  }
  const parsed = parseIdentifier(value, type);
  if (!parsed.ok) throw new RowProblem(`${type}: ${describeIdentifierProblem(parsed.problem, type)}`);
  return parsed.identifier.value;
}

function metadata(value: unknown, app: AppSettings): UserMetadata | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new RowProblem('user_metadata must be an object.');
  }
  const checked = validateUserMetadata(app.user_metadata_schema, value as Record<string, unknown>);
  if (!checked.ok) throw new RowProblem(checked.error);
  return Object.keys(checked.metadata).length > 0 ? checked.metadata : null;
}

const CONNECTION_TYPE = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * Passage's `social_connections`: `{google: {provider_id, provider_identifier, created_at,
 * last_login_at}, …}`, an object in JSON or its JSON text in a CSV cell. An empty value is none.
 */
function connections(value: unknown): ImportedConnection[] | null {
  if (absent(value)) return null;
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new RowProblem('social_connections must be a JSON object.');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new RowProblem('social_connections must be an object of connections by type.');
  }
  return Object.entries(parsed as Record<string, unknown>).map(([type, raw]) => {
    const one = raw as Record<string, unknown> | null;
    const text = (field: string, max: number) => {
      const found = one?.[field];
      if (typeof found !== 'string' || found === '' || found.length > max) {
        throw new RowProblem(`social_connections.${type}.${field} must be text of 1 to ${max} characters.`);
      }
      return found;
    };
    if (!CONNECTION_TYPE.test(type)) {
      throw new RowProblem(
        `social_connections has an unknown type "${type}" (google, github, apple or an app's own).`,
      );
    }
    return {
      type,
      provider_id: text('provider_id', 255),
      provider_identifier: text('provider_identifier', 320),
      created_at: time(one?.created_at, `social_connections.${type}.created_at`),
      last_login_at: time(one?.last_login_at, `social_connections.${type}.last_login_at`),
    };
  });
}

/** Checks and normalises one record; throws RowProblem with a readable reason. */
export function toImportedUser(fields: unknown, app: AppSettings): ImportedUser {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw new RowProblem('is not an object.');
  }
  const user = fields as Record<string, unknown>;
  const unknown = Object.keys(user).find((name) => !KNOWN_FIELDS.has(name));
  if (unknown !== undefined) {
    throw new RowProblem(`has an unknown field "${unknown}" (a user has ${USER_FIELDS.join(', ')}).`);
  }
  const id = absent(user.id) ? null : user.id;
  if (id !== null && (typeof id !== 'string' || !/^[A-Za-z0-9]{1,32}$/.test(id))) {
    throw new RowProblem('id must be 1 to 32 letters or digits.');
  }
  const email = identifier(user.email, 'email');
  const phone = identifier(user.phone, 'phone');
  if (!email && !phone) throw new RowProblem('has neither an email nor a phone number.');
  const status = user.status ?? 'active';
  if (status !== 'active' && status !== 'inactive' && status !== 'pending') {
    throw new RowProblem('status must be active, inactive or pending.');
  }
  const count = absent(user.login_count) ? 0 : Number(user.login_count);
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RowProblem('login_count must be a whole number ≥ 0.');
  }
  return {
    id,
    email,
    phone,
    email_verified: email ? flag(user.email_verified, 'email_verified') : 0,
    phone_verified: phone ? flag(user.phone_verified, 'phone_verified') : 0,
    status,
    user_metadata: metadata(user.user_metadata, app),
    login_count: count,
    last_login_at: time(user.last_login_at, 'last_login_at'),
    created_at: time(user.created_at, 'created_at'),
    updated_at: time(user.updated_at, 'updated_at'),
    social_connections: connections(user.social_connections),
  };
}
