import type { CredentialStore } from './credential-store';
import { type CallOptions, type HttpOptions, type Method, request } from './http';
import { PassageError } from './passage-error';
import type { Session } from './session';
import { handshakeIn, objectIn, stringIn } from './answers';
import type { Attachment, CurrentUser, Device } from './types';
import { createCredential } from './webauthn';

/** Operations on the signed-in user (Bearer auth token, refreshed when needed). Profile operations
 * build on `call`. */
export class CurrentUserClient {
  constructor(
    private readonly http: HttpOptions,
    private readonly base: string,
    private readonly session: Session,
    private readonly credentials: CredentialStore,
  ) {}

  /** One authorised call under `/currentuser`. */
  async call<T>(method: Method, path: string, body?: unknown, options?: CallOptions): Promise<T> {
    const token = await this.session.getAuthToken(options);
    const http = { ...this.http, headers: { ...this.http.headers, Authorization: `Bearer ${token}` } };
    return request<T>(http, method, `${this.base}/currentuser${path}`, body, options);
  }

  /** The user, or undefined when the server does not answer 200 (as Passage's client). Rejects
   * with 704 when no session exists. */
  async userInfo(options?: CallOptions): Promise<CurrentUser | undefined> {
    try {
      return objectIn<CurrentUser>(await this.call<unknown>('GET', '', undefined, options), 'user');
    } catch (error) {
      if (error instanceof PassageError && error.statusCode >= 700) throw error;
      return undefined;
    }
  }

  /** Adds a passkey for the signed-in user (devices/start → browser → devices/finish). */
  async addDevice(attachment: Attachment = 'platform', options?: CallOptions): Promise<Device> {
    const body = { authenticator_attachment: attachment };
    const answer = await this.call<unknown>('POST', '/devices/start', body, options);
    const start = { handshake: handshakeIn(answer), user: { id: stringIn(objectIn(answer, 'user'), 'id') } };
    const handshakeResponse = await createCredential(start.handshake.challenge.publicKey, options?.signal);
    const finished = await this.call<unknown>(
      'POST',
      '/devices/finish',
      {
        user_id: start.user.id,
        handshake_id: start.handshake.id,
        handshake_response: handshakeResponse,
      },
      options,
    );
    const device = objectIn<Device>(finished, 'device');
    this.credentials.set(start.user.id, String(handshakeResponse.id));
    return device;
  }
}
