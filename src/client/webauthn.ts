/**
 * The browser ceremonies, through @simplewebauthn/browser loaded on first use (dynamic import), so
 * the identifier form shows before any WebAuthn code is downloaded. A login where the browser reads
 * and writes WebAuthn's JSON itself (`PublicKeyCredential.parseRequestOptionsFromJSON`, `toJSON`)
 * needs no library: passkey autofill starts as the form shows, and downloads nothing more for it.
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
    // A login of the native path still waiting (autofill) would make the browser refuse this one.
    ceremony?.abort();
    const { startRegistration, WebAuthnAbortService } = await library();
    const stop = cancelOnAbort(signal, () => WebAuthnAbortService.cancelCeremony());
    const response = await startRegistration({ optionsJSON: publicKey as never }).finally(stop);
    return { ...response, transports: response.response.transports ?? [] };
  } catch (error) {
    throw clientError('PSGParsePublicKeyForNewDeviceFailed', error);
  }
}

interface JsonCredentials {
  parseRequestOptionsFromJSON?(options: object): PublicKeyCredentialRequestOptions;
}

/** The ceremony of the native path in progress: a new one cancels it, as @simplewebauthn's do. */
let ceremony: AbortController | undefined;

/** A login through the browser's own JSON support; undefined where the browser has none. */
async function nativeGet(
  publicKey: PublicKeyJson,
  signal: AbortSignal | undefined,
  conditional: boolean,
): Promise<Record<string, unknown> | undefined> {
  const native = globalThis.PublicKeyCredential as unknown as JsonCredentials | undefined;
  if (typeof native?.parseRequestOptionsFromJSON !== 'function') return undefined;
  // An autofill request offers every passkey of the site: no allow list (as @simplewebauthn does).
  const json = conditional ? { ...publicKey, allowCredentials: [] } : publicKey;
  const options = native.parseRequestOptionsFromJSON(json);
  ceremony?.abort();
  const controller = (ceremony = new AbortController());
  const stop = cancelOnAbort(signal, () => controller.abort());
  try {
    const credential = (await navigator.credentials.get({
      publicKey: options,
      signal: controller.signal,
      ...(conditional ? { mediation: 'conditional' as CredentialMediationRequirement } : {}),
    })) as (Credential & { toJSON(): Record<string, unknown> }) | null;
    if (!credential) throw new Error('no credential');
    return credential.toJSON();
  } finally {
    stop();
    if (ceremony === controller) ceremony = undefined;
  }
}

/** `navigator.credentials.get`; a failure is 702. `conditional`: an autofill request (passkeys offered
 * in the identifier field's suggestions). `signal` cancels the request. */
export async function getCredential(
  publicKey: PublicKeyJson,
  { signal, conditional = false }: { signal?: AbortSignal; conditional?: boolean } = {},
): Promise<Record<string, unknown>> {
  try {
    const response =
      (await nativeGet(publicKey, signal, conditional)) ?? (await libraryGet(publicKey, signal, conditional));
    const assertion = response.response as Record<string, unknown>;
    return { ...response, response: { ...assertion, userHandle: assertion.userHandle ?? '' } };
  } catch (error) {
    throw clientError('PSGParsePublicKeyForLoginFailed', error);
  }
}

/** A login through @simplewebauthn/browser. */
async function libraryGet(
  publicKey: PublicKeyJson,
  signal: AbortSignal | undefined,
  conditional: boolean,
): Promise<Record<string, unknown>> {
  const { startAuthentication, WebAuthnAbortService } = await library();
  const stop = cancelOnAbort(signal, () => WebAuthnAbortService.cancelCeremony());
  const response = await startAuthentication({
    optionsJSON: publicKey as never,
    ...(conditional ? { useBrowserAutofill: true, verifyBrowserAutofillInput: false } : {}),
  }).finally(stop);
  return response as unknown as Record<string, unknown>;
}
