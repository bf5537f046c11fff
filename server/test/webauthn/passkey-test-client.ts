import { expect } from 'vitest';
import type { RunningTestServer } from '../support/test-server.js';
import { SoftwareAuthenticator, type Tamper } from '../support/software-authenticator.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';

/** Drives the passkey endpoints like Passage's browser client, with a software authenticator. */
export class PasskeyTestClient {
  constructor(
    readonly t: RunningTestServer,
    readonly appId: string,
    readonly authenticator = new SoftwareAuthenticator(t.baseUrl.replace('127.0.0.1', 'localhost')),
  ) {}

  async post(
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Json }> {
    const res = await this.t.call('POST', `/v1/apps/${this.appId}${path}`, body, headers);
    return { status: res.status, body: (await res.json()) as Json };
  }

  async registerStart(identifier: string) {
    const res = await this.post('/register/webauthn/start', {
      identifier,
      authenticator_attachment: 'platform',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { handshake: Json; user: Json };
  }

  registerFinish(userId: string, handshakeId: string, credential: Json) {
    return this.post(
      '/register/webauthn/finish',
      { user_id: userId, handshake_id: handshakeId, handshake_response: credential },
      { 'user-agent': CHROME_ON_LINUX },
    );
  }

  /** A complete registration; returns the user id and the auth result. */
  async register(identifier: string, tamper: Parameters<SoftwareAuthenticator['create']>[1] = {}) {
    const { handshake, user } = await this.registerStart(identifier);
    const credential = this.authenticator.create(handshake.challenge.publicKey, tamper);
    const res = await this.registerFinish(user.id, handshake.id, credential);
    return { userId: user.id as string, credential, ...res };
  }

  async loginStart(identifier?: string) {
    const res = await this.post(
      '/login/webauthn/start',
      identifier === undefined ? undefined : { identifier },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { handshake: Json; user?: Json };
  }

  loginFinish(handshakeId: string, assertion: Json, userId?: string) {
    return this.post('/login/webauthn/finish', {
      ...(userId ? { user_id: userId } : {}),
      handshake_id: handshakeId,
      handshake_response: assertion,
    });
  }

  /** A complete login: identifier-first when given, else discoverable. */
  async login(identifier?: string, tamper: Tamper = {}) {
    const { handshake, user } = await this.loginStart(identifier);
    const assertion = this.authenticator.get(handshake.challenge.publicKey, tamper);
    return this.loginFinish(handshake.id, assertion, user?.id as string | undefined);
  }
}
