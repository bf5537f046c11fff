/**
 * The browser ceremonies, through @simplewebauthn/browser loaded on first use (dynamic import), so
 * the identifier form shows before any WebAuthn code is downloaded.
 */
import { clientError } from './client-errors';

type PublicKeyJson = Record<string, unknown>;

const library = () => import('@simplewebauthn/browser');

/** `navigator.credentials.create` with the server's options; a failure is 701. The result carries
 * `transports` at the top level too, where Passage clients put it. */
export async function createCredential(publicKey: PublicKeyJson): Promise<Record<string, unknown>> {
  try {
    const { startRegistration } = await library();
    const response = await startRegistration({ optionsJSON: publicKey as never });
    return { ...response, transports: response.response.transports ?? [] };
  } catch (error) {
    throw clientError('PSGParsePublicKeyForNewDeviceFailed', error);
  }
}

/** `navigator.credentials.get`; a failure is 702. `signal` makes it a conditional (autofill) request. */
export async function getCredential(
  publicKey: PublicKeyJson,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  try {
    const { startAuthentication, WebAuthnAbortService } = await library();
    if (signal) {
      if (signal.aborted) throw new Error('aborted');
      signal.addEventListener('abort', () => WebAuthnAbortService.cancelCeremony(), { once: true });
    }
    const response = await startAuthentication({
      optionsJSON: publicKey as never,
      ...(signal ? { useBrowserAutofill: true, verifyBrowserAutofillInput: false } : {}),
    });
    return {
      ...response,
      response: { ...response.response, userHandle: response.response.userHandle ?? '' },
    };
  } catch (error) {
    throw clientError('PSGParsePublicKeyForLoginFailed', error);
  }
}
