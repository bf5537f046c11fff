/**
 * The browser ceremonies, through @simplewebauthn/browser loaded on first use (dynamic import), so
 * the identifier form shows before any WebAuthn code is downloaded.
 */
import { clientError } from './client-errors';

/** The options the server sent (handed over to @simplewebauthn as they are). */
type PublicKeyJson = object;

const library = () => import('@simplewebauthn/browser');

/** Cancels the ceremony in progress when `signal` fires (it then fails like any other); the returned
 * function stops listening once the ceremony is over, so a later abort cannot cancel another one. */
function cancelOnAbort(signal: AbortSignal | undefined, cancel: () => void): () => void {
  if (!signal) return () => undefined;
  if (signal.aborted) throw new Error('aborted');
  signal.addEventListener('abort', cancel, { once: true });
  return () => signal.removeEventListener('abort', cancel);
}

/** `navigator.credentials.create` with the server's options; a failure is 701. The result carries
 * `transports` at the top level too, where Passage clients put it. */
export async function createCredential(
  publicKey: PublicKeyJson,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  try {
    const { startRegistration, WebAuthnAbortService } = await library();
    const stop = cancelOnAbort(signal, () => WebAuthnAbortService.cancelCeremony());
    const response = await startRegistration({ optionsJSON: publicKey as never }).finally(stop);
    return { ...response, transports: response.response.transports ?? [] };
  } catch (error) {
    throw clientError('PSGParsePublicKeyForNewDeviceFailed', error);
  }
}

/** `navigator.credentials.get`; a failure is 702. `conditional`: an autofill request (passkeys offered
 * in the identifier field's suggestions). `signal` cancels the request. */
export async function getCredential(
  publicKey: PublicKeyJson,
  { signal, conditional = false }: { signal?: AbortSignal; conditional?: boolean } = {},
): Promise<Record<string, unknown>> {
  try {
    const { startAuthentication, WebAuthnAbortService } = await library();
    const stop = cancelOnAbort(signal, () => WebAuthnAbortService.cancelCeremony());
    const response = await startAuthentication({
      optionsJSON: publicKey as never,
      ...(conditional ? { useBrowserAutofill: true, verifyBrowserAutofillInput: false } : {}),
    }).finally(stop);
    return {
      ...response,
      response: { ...response.response, userHandle: response.response.userHandle ?? '' },
    };
  } catch (error) {
    throw clientError('PSGParsePublicKeyForLoginFailed', error);
  }
}
