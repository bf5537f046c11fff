/**
 * The waiting half of passkey autofill (conditional mediation): the body-less start and the browser's
 * request, which stays open until the visitor picks a passkey. On its own, so the elements can offer
 * autofill as the form shows without downloading the whole client (docs/performance.md); the finish
 * call, once a passkey was picked, is the client's (`PassageClient.finishConditional`).
 */
import { handshakeIn } from './answers';
import { appPath } from './app-info-request';
import { type HttpOptions, request } from './http';
import { getCredential } from './webauthn';

// In the same chunk: the elements need both as the form shows (src/components/sign-in/sign-in-client.ts).
export { detectBrowserFeatures } from './browser-features';

/** What the browser answered to a conditional request, for the finish call. */
export interface PickedPasskey {
  handshakeId: string;
  response: Record<string, unknown>;
}

/** Starts a conditional login and waits for the visitor's passkey; `signal` cancels both. */
export async function pickPasskey(
  http: HttpOptions,
  appId: string,
  signal: AbortSignal,
): Promise<PickedPasskey> {
  const answer = await request<unknown>(http, 'POST', `${appPath(appId)}/login/webauthn/start`, undefined, {
    signal,
  });
  const handshake = handshakeIn(answer);
  const response = await getCredential(handshake.challenge.publicKey, { signal, conditional: true });
  return { handshakeId: handshake.id, response };
}
