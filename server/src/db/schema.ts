import type { Generated } from 'kysely';
import type { UserStatus } from 'open-passage/contract';

/** Table types for Kysely. JSON documents are stored as text so one schema serves SQLite and PostgreSQL. */
export interface AppsTable {
  id: string;
  /** The app's settings as JSON (see apps/app-settings.ts). */
  settings: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface DevOutboxTable {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}

export interface UsersTable {
  id: string;
  app_id: string;
  email: string | null;
  /** 0 or 1 (SQLite has no boolean). */
  email_verified: number;
  phone: string | null;
  phone_verified: number;
  status: UserStatus;
  /** JSON object or NULL. */
  user_metadata: string | null;
  login_count: Generated<number>;
  last_login_at: string | null;
  /** Wrong one-time codes since the last successful sign-in. */
  code_failures: Generated<number>;
  /** No code is checked before this time (escalating pause every ten failures). */
  code_locked_until: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface SigningKeysTable {
  kid: string;
  app_id: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
  retired_at: string | null;
  /** 1: generated because the app had no unretired key; at most one such unretired key per app (0020). */
  first_use: Generated<number>;
}

/** One sign-in: its refresh tokens share the user, the sign-in time, the absolute expiry and revocation. */
export interface RefreshFamiliesTable {
  id: string;
  app_id: string;
  user_id: string;
  /** How the user authenticated: passkey, otp, magic_link (unknown for families from before 0017). */
  method: string;
  /** The interactive sign-in; the `auth_time` of every token of the family. */
  authenticated_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** A refresh token, known only by its SHA-256; spent once (`used_at`), then replaced by the next. */
export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  created_at: string;
  used_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  hits: number;
}

export interface OneTimeCodesTable {
  id: string;
  app_id: string;
  user_id: string;
  purpose: 'login' | 'register';
  identifier: string;
  code_hmac: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MagicLinksTable {
  id: string;
  app_id: string;
  user_id: string;
  purpose: 'login' | 'register' | 'verify-email' | 'verify-phone';
  identifier: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  activated_at: string | null;
  status_claimed_at: string | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** A passkey. Booleans are 0/1 and `counter` may come back as a string (PostgreSQL bigint). */
export interface WebauthnCredentialsTable {
  id: string;
  app_id: string;
  user_id: string;
  cred_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  aaguid: string;
  device_type: 'singleDevice' | 'multiDevice';
  backup_eligible: number;
  backed_up: number;
  friendly_name: string;
  usage_count: number;
  created_at: string;
  updated_at: string;
  last_login_at: string;
}

export interface WebauthnChallengesTable {
  id: string;
  app_id: string;
  purpose: 'register' | 'login' | 'add-device';
  user_id: string | null;
  challenge: string;
  expires_at: string;
  created_at: string;
}

export interface Database {
  apps: AppsTable;
  dev_outbox: DevOutboxTable;
  users: UsersTable;
  signing_keys: SigningKeysTable;
  refresh_families: RefreshFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  rate_limits: RateLimitsTable;
  one_time_codes: OneTimeCodesTable;
  magic_links: MagicLinksTable;
  server_secrets: ServerSecretsTable;
  outgoing_messages: OutgoingMessagesTable;
  contact_messages: ContactMessagesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  api_keys: ApiKeysTable;
  user_events: UserEventsTable;
  social_connections: SocialConnectionsTable;
  social_flows: SocialFlowsTable;
  social_codes: SocialCodesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_attempts: WebhookAttemptsTable;
}

/** A provider identity linked to a user: one per type per user, one user per identity. */
export interface SocialConnectionsTable {
  app_id: string;
  user_id: string;
  type: string;
  provider_id: string;
  provider_identifier: string;
  created_at: string;
  last_login_at: string;
}

/** A social sign-in or link between `/social/authorize` and the provider's callback. */
export interface SocialFlowsTable {
  /** SHA-256 (hex) of the state sent to the provider. */
  id: string;
  app_id: string;
  type: string;
  /** The user linking the provider; NULL for a sign-in. */
  link_user_id: string | null;
  /** SHA-256 of the single-use link token, until its URL is opened. */
  link_hash: string | null;
  /** SHA-256 of the browser's binding cookie, set when the flow leaves for the provider. */
  binding_hash: string | null;
  client_state: string | null;
  code_challenge: string;
  redirect_uri: string;
  provider_verifier: string;
  nonce: string;
  expires_at: string;
}

/** A one-time code `/social/token` exchanges, stored as its SHA-256. */
export interface SocialCodesTable {
  id: string;
  app_id: string;
  user_id: string;
  type: string;
  code_challenge: string;
  expires_at: string;
  /** A link flow's provider identity: linked to `user_id` only when the code is exchanged. */
  link_provider_id: string | null;
  link_identifier: string | null;
}

/** The delivery queue: one row per message; `params` is wiped once the message is out. */
export interface OutgoingMessagesTable {
  id: string;
  app_id: string;
  channel: 'email' | 'sms';
  recipient: string;
  kind: string;
  language: string;
  /**
   * Template parameters, sealed with AES-256-GCM (security/params-cipher.ts) so codes and links are not
   * readable in the table; `{}` after delivery so none outlives its sending.
   */
  params: string;
  reply_to: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  /** After this the message is pointless (its code or link has expired) and is dropped unsent. */
  expires_at: string | null;
  sent_at: string | null;
  /** The SMS provider's id of the message (Twilio's SID, Vonage's message-id, SNS's MessageId). */
  provider_message_id: string | null;
  /** What the provider last reported: `delivered` or `failed` (null: no report, or none asked for). */
  delivery_status: 'delivered' | 'failed' | null;
  delivery_status_at: string | null;
}

/** Every contact-form submission, stored before the endpoint answers. */
export interface ContactMessagesTable {
  id: string;
  app_id: string;
  service_id: string;
  template_id: string;
  /** The submitted form fields as JSON. */
  fields: string;
  ip: string;
  /** 1 when the honeypot field was filled: kept, never forwarded. */
  spam: number;
  outgoing_message_id: string | null;
  created_at: string;
}

/** A management API key of one app: only its SHA-256 is stored. */
export interface ApiKeysTable {
  id: string;
  app_id: string;
  name: string;
  key_hash: string;
  /** `admin`: made through the admin API; `file`: declared by hash in the app's `api_keys` setting. */
  source: 'admin' | 'file';
  created_at: string;
  last_used_at: string | null;
  /** Set when the key was revoked; the row stays so the same key can never be declared again. */
  revoked_at: string | null;
}

/** One entry of the event log: a sign-in, a refused proof or a change to an account. */
export interface UserEventsTable {
  id: string;
  app_id: string;
  /** NULL for a refused proof that names no known user. */
  user_id: string | null;
  type: string;
  /** How the user proved who they are (passkey, otp, magic_link), for sign-ins and refused proofs. */
  method: string | null;
  /** Who acted: `user` (the user, signed in or signing in), `api_key` (management API) or `admin`. */
  actor: 'user' | 'api_key' | 'admin';
  /** The client's address as the server saw it (TRUST_PROXY decides), "" when there was none. */
  ip_addr: string;
  user_agent: string;
  created_at: string;
}

/** An app's webhook endpoint (webhooks/endpoints-repository.ts). */
export interface WebhookEndpointsTable {
  id: string;
  app_id: string;
  url: string;
  description: string;
  /** The event types it receives, as a JSON array; `["*"]` for all of them. */
  event_types: string;
  /** 0 or 1: a disabled endpoint gets no new messages. */
  enabled: number;
  /** The signing secret (`whsec_…`), sealed with AES-256-GCM under a server secret. */
  secret: string;
  created_at: string;
  updated_at: string;
}

/** The webhook outbox: one message to one endpoint, claimed and retried like the delivery queue's rows. */
export interface WebhookMessagesTable {
  /** The Standard Webhooks message id (`msg_…`), the same on every attempt: receivers dedupe by it. */
  id: string;
  app_id: string;
  endpoint_id: string;
  event_type: string;
  /** The JSON body sent, exactly as signed. */
  payload: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The delivery log: one row per attempt to send a webhook message. */
export interface WebhookAttemptsTable {
  id: string;
  message_id: string;
  endpoint_id: string;
  event_type: string;
  /** 1 for the first try. */
  attempt: number;
  /** The receiver's HTTP status; null when no answer came (refused, timed out, blocked). */
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: string;
}
