import type { Device } from 'open-passage/contract';
import { type CredentialType, credentialType, type StoredCredential } from './credential-repository.js';

/** A passkey as Passage's `Credential` (device) object; every key is present. */
export function toDevice(credential: StoredCredential): Device {
  return {
    id: credential.id,
    cred_id: credential.credId,
    user_id: credential.userId,
    friendly_name: credential.friendlyName,
    type: credentialType(credential),
    usage_count: credential.usageCount,
    created_at: credential.createdAt,
    updated_at: credential.updatedAt,
    last_login_at: credential.lastLoginAt,
    icons: { light: null, dark: null },
  };
}

/** What `GET /users` and `GET /currentuser` say about a user's passkeys. */
export function summarize(credentials: StoredCredential[]): {
  webauthnTypes: CredentialType[];
  devices: Device[];
} {
  const types = new Set(credentials.map(credentialType));
  return { webauthnTypes: [...types].sort(), devices: credentials.map(toDevice) };
}
