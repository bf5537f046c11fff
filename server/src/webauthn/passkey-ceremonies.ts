import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import type { AppSettings } from '../apps/app-settings.js';
import { invalidRequest } from '../http/api-error.js';
import { type CeremonyPurpose, ChallengeStore } from './challenge-store.js';
import {
  CredentialRepository,
  DuplicateCredentialError,
  type StoredCredential,
} from './credential-repository.js';
import { deviceNameFromUserAgent } from './device-name.js';
import { CEREMONY_TIMEOUT_MS, relyingPartyOf } from './relying-party.js';
import { discoverableLoginFailed, webauthnFailed } from './webauthn-errors.js';
import type {
  AuthenticationCredential,
  AuthenticatorAttachment,
  RegistrationCredential,
} from 'open-passage/contract';

/** ES256 and RS256: what platform authenticators and security keys use. */
const SUPPORTED_ALGORITHMS = [-7, -257];
/** WebAuthn §7.1: a credential id longer than this is refused. */
const MAX_CREDENTIAL_ID_BYTES = 1023;

/** The user a ceremony is for, as far as passkeys care. */
export interface CeremonyUser {
  id: string;
  /** Shown by the authenticator: the email or phone number. */
  name: string;
}

/** The opaque user handle of a user: the bytes of the random user id, no personal data. */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

function userIdFromHandle(handle: string): string {
  return Buffer.from(handle, 'base64url').toString('utf8');
}

/** Drops null and undefined members: browsers throw on a null enum or sequence. */
function withoutEmpty<T extends object>(options: T): T {
  return JSON.parse(
    JSON.stringify(options, (_key, value: unknown) => (value === null ? undefined : value)),
  ) as T;
}

export interface FinishedLogin {
  credential: StoredCredential;
}

/**
 * The WebAuthn ceremonies: options out, responses in, verified with SimpleWebAuthn against the
 * stored single-use challenge, the app's origin and RP ID, with user verification required.
 */
export class PasskeyCeremonies {
  readonly challenges: ChallengeStore;
  readonly credentials: CredentialRepository;

  constructor(
    challenges: ChallengeStore,
    credentials: CredentialRepository,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.challenges = challenges;
    this.credentials = credentials;
  }

  /** Creation options for a new passkey of `user`; `excludeExisting` lists the user's passkeys. */
  async startRegistration(
    app: AppSettings,
    purpose: Extract<CeremonyPurpose, 'register' | 'add-device'>,
    user: CeremonyUser,
    attachment: AuthenticatorAttachment | undefined,
  ) {
    const rp = relyingPartyOf(app);
    const stored = await this.challenges.create(app.id, purpose, user.id, CEREMONY_TIMEOUT_MS);
    // devices/start: Passage clients do not decode excludeCredentials there.
    const existing = purpose === 'register' ? await this.credentials.listForUser(app.id, user.id) : [];
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userID: userHandleOf(user.id),
      userName: user.name,
      userDisplayName: user.name,
      challenge: new Uint8Array(Buffer.from(stored.challenge, 'base64url')),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credId, transports: c.transports })),
      authenticatorSelection: {
        ...(attachment && attachment !== 'any' ? { authenticatorAttachment: attachment } : {}),
        residentKey: 'preferred',
        userVerification: 'required',
      },
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
    const publicKey = withoutEmpty({ ...options, hints: undefined, extensions: undefined });
    if (purpose === 'add-device') delete (publicKey as { excludeCredentials?: unknown }).excludeCredentials;
    return { id: stored.handshakeId, challenge: { publicKey } };
  }

  /** Verifies a creation response and stores the passkey for the user the handshake was started for. */
  async finishRegistration(
    app: AppSettings,
    purpose: Extract<CeremonyPurpose, 'register' | 'add-device'>,
    userId: string,
    handshakeId: string,
    response: RegistrationCredential,
    userAgent: string | undefined,
    /** Checked once the handshake is spent, before anything is verified or stored; throws to refuse. */
    mayProceed: () => Promise<void> = async () => {},
  ): Promise<StoredCredential> {
    const taken = await this.challenges.consume(app.id, purpose, handshakeId);
    if (!taken.ok) throw webauthnFailed(this.handshakeMessage(taken.reason));
    if (taken.challenge.userId !== userId)
      throw webauthnFailed('The handshake was started for another user.');
    await mayProceed();

    const rp = relyingPartyOf(app);
    const transports = [
      ...new Set([...(response.transports ?? []), ...(response.response.transports ?? [])]),
    ];
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: {
          ...response,
          clientExtensionResults: response.clientExtensionResults ?? {},
        } as RegistrationResponseJSON,
        expectedChallenge: taken.challenge.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      });
    } catch (error) {
      this.log.info({ app: app.id, reason: (error as Error).message }, 'passkey registration refused');
      throw webauthnFailed();
    }
    if (!verification.verified) throw webauthnFailed();
    const info = verification.registrationInfo;
    if (Buffer.from(info.credential.id, 'base64url').length > MAX_CREDENTIAL_ID_BYTES) {
      throw invalidRequest('The credential id is longer than 1023 bytes.');
    }
    if (await this.credentials.credIdExists(info.credential.id)) throw duplicate();
    try {
      return await this.credentials.insert(
        {
          appId: app.id,
          userId,
          credId: info.credential.id,
          publicKey: info.credential.publicKey,
          counter: info.credential.counter,
          transports,
          aaguid: info.aaguid,
          deviceType: info.credentialDeviceType,
          backupEligible: info.credentialDeviceType === 'multiDevice',
          backedUp: info.credentialBackedUp,
          friendlyName: deviceNameFromUserAgent(userAgent),
        },
        this.now(),
      );
    } catch (error) {
      if (error instanceof DuplicateCredentialError) throw duplicate();
      throw error;
    }
  }

  /** Request options: for one user's passkeys, or for any discoverable passkey (conditional UI). */
  async startLogin(
    app: AppSettings,
    userId: string | null,
    allowCredentials: { id: string; transports?: string[] }[],
  ) {
    const rp = relyingPartyOf(app);
    const stored = await this.challenges.create(app.id, 'login', userId, CEREMONY_TIMEOUT_MS);
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: new Uint8Array(Buffer.from(stored.challenge, 'base64url')),
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
      ...(allowCredentials.length > 0 ? { allowCredentials } : {}),
    });
    return { id: stored.handshakeId, challenge: { publicKey: withoutEmpty(options) } };
  }

  /**
   * Verifies an assertion. `claimedUserId` is the client's `user_id` (absent for discoverable
   * logins); the passkey must belong to the handshake's user, the claimed user and the user handle.
   */
  async finishLogin(
    app: AppSettings,
    handshakeId: string,
    claimedUserId: string | undefined,
    response: AuthenticationCredential,
  ): Promise<FinishedLogin> {
    const taken = await this.challenges.consume(app.id, 'login', handshakeId);
    const discoverable = taken.ok ? taken.challenge.userId === null : !claimedUserId;
    const fail = (message?: string) =>
      discoverable ? discoverableLoginFailed(message) : webauthnFailed(message);
    if (!taken.ok) throw fail(this.handshakeMessage(taken.reason));

    const credential = await this.credentials.findByCredId(app.id, response.id);
    if (!credential) throw fail('This passkey is not registered with this app.');
    const owners = [taken.challenge.userId, claimedUserId || null];
    const handle = response.response.userHandle;
    if (handle) owners.push(userIdFromHandle(handle));
    if (owners.some((owner) => owner !== null && owner !== credential.userId)) {
      throw fail('This passkey belongs to another user.');
    }

    const rp = relyingPartyOf(app);
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: {
          ...response,
          response: { ...response.response, userHandle: handle || undefined },
          clientExtensionResults: response.clientExtensionResults ?? {},
        } as AuthenticationResponseJSON,
        expectedChallenge: taken.challenge.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: credential.credId,
          publicKey: new Uint8Array(credential.publicKey),
          counter: credential.counter,
        },
        requireUserVerification: true,
      });
    } catch (error) {
      this.log.info({ app: app.id, reason: (error as Error).message }, 'passkey login refused');
      throw fail();
    }
    if (!verification.verified) throw fail();
    const { newCounter, credentialBackedUp } = verification.authenticationInfo;
    const now = this.now();
    if (!(await this.credentials.recordLogin(credential, newCounter, credentialBackedUp, now))) {
      throw fail('This passkey was used by another login at the same moment.');
    }
    return { credential };
  }

  private handshakeMessage(reason: 'unknown' | 'expired'): string {
    return reason === 'expired'
      ? 'The passkey request has expired. Please try again.'
      : 'The passkey request is unknown or was already used. Please try again.';
  }
}

const duplicate = () => invalidRequest('This passkey is already registered.');
