import type { CurrentUser, Device, PublicUser, SocialConnection, WebauthnType } from 'open-passage/contract';
import { parseMetadata, type UserRow } from './users-repository.js';

/** What the passkeys feature knows about a user's credentials (see `CredentialSummaries`). */
export interface CredentialSummary {
  webauthnTypes: WebauthnType[];
  /** Passage `Credential` objects for `GET /currentuser`. */
  devices: Device[];
}

/**
 * Filled in by the passkeys feature (server/src/webauthn) through
 * `identity.users.setCredentialSummaries(…)`; until then every user has no passkeys.
 */
export interface CredentialSummaries {
  forUser(appId: string, userId: string): Promise<CredentialSummary>;
}

export const noCredentials: CredentialSummaries = {
  forUser: async () => ({ webauthnTypes: [], devices: [] }),
};

/** The public `User` of `GET /users`, `POST /users` and the webauthn start answers. */
export function toPublicUser(row: UserRow, credentials: CredentialSummary): PublicUser {
  return {
    id: row.id,
    email: row.email ?? '',
    email_verified: row.email_verified === 1,
    phone: row.phone ?? '',
    phone_verified: row.phone_verified === 1,
    status: row.status,
    user_metadata: parseMetadata(row),
    webauthn: credentials.webauthnTypes.length > 0,
    webauthn_types: credentials.webauthnTypes,
  };
}

/** The `CurrentUser` of `GET /currentuser`, with the user's linked providers (users/social-connections.ts). */
export function toCurrentUser(
  row: UserRow,
  credentials: CredentialSummary,
  socialConnections: Record<string, SocialConnection> = {},
): CurrentUser {
  return {
    ...toPublicUser(row, credentials),
    created_at: toRfc3339(row.created_at),
    updated_at: toRfc3339(row.updated_at),
    last_login_at: row.last_login_at ? toRfc3339(row.last_login_at) : '',
    login_count: Number(row.login_count),
    webauthn_devices: credentials.devices,
    social_connections: socialConnections,
  };
}

/** Stored timestamps are ISO strings, except column defaults (`YYYY-MM-DD HH:MM:SS` in UTC). */
function toRfc3339(value: string): string {
  return value.includes('T') ? value : `${value.replace(' ', 'T')}Z`;
}
