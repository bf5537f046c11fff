/**
 * Social sign-in, the flow's side (docs/sign-in-elements.md#social-sign-in): what the page's address
 * says when the server sent the visitor back from a provider, and how the form words it. Pure: the
 * element reads the address and the stored state, and removes the parameters. Fetched only when the
 * address has a `state` (the buttons themselves come from home-view.ts `socialOptions`).
 */
import type { SocialCallbackError } from '../contract/social';
import type { AppInfo } from '../client/app-info';
import type { SocialPending } from '../client/social-storage';
import type { FlowError, FlowOptions } from './ports';
import type { FlowMessageKey, Message } from './view-state';

/** The callback's parameters, removed from the address once read. */
export const SOCIAL_CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description'] as const;

/** The message of each of the contract's SOCIAL_CALLBACK_ERRORS (the compiler asks for every one; the
 * contract's list itself is not imported, so that its schema code stays out of the elements). */
const ERROR_KEYS: Record<SocialCallbackError, FlowMessageKey> = {
  access_denied: 'social-access-denied',
  provider_error: 'social-provider-error',
  invalid_state: 'social-invalid-state',
  invalid_response: 'social-invalid-response',
  account_exists: 'social-account-exists',
  connection_in_use: 'social-connection-in-use',
  not_allowed: 'social-not-allowed',
};
const isCallbackError = (error: unknown): error is SocialCallbackError =>
  typeof error === 'string' && Object.hasOwn(ERROR_KEYS, error);

/** What the address says of a social sign-in this tab started. */
export type SocialCallback =
  /** Back with a code for the stored state: exchange it. */
  | { kind: 'code'; code: string; connection: string }
  /** Back with a refusal, or with a state this tab did not send (`invalid_state`). */
  | { kind: 'error'; error: SocialCallbackError; connection: string };

/**
 * Reads the callback from the page's query. Nothing unless the query holds `state` with `code` or
 * `error` (other pages' parameters named `code` are left alone). A state that differs from the one this
 * tab stored is `invalid_state`, whatever else the query says; an unknown error is `provider_error`.
 */
export function socialCallback(
  search: string,
  pending: SocialPending | undefined,
): SocialCallback | undefined {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  const code = params.get('code');
  const error = params.get('error');
  if (!state || (!code && !error)) return undefined;
  const connection = pending?.connection ?? '';
  if (!pending || pending.state !== state) return { kind: 'error', error: 'invalid_state', connection };
  if (error) return { kind: 'error', error: isCallbackError(error) ? error : 'provider_error', connection };
  return { kind: 'code', code: code!, connection };
}

/**
 * The callback this page is, if any, read once: its parameters leave the address, and a refusal comes
 * with the form's notice. Here rather than in auth-flow.ts so the first render carries only the test
 * for a `state` parameter that fetches this module.
 */
export async function readSocialCallback(
  options: Pick<FlowOptions, 'page' | 'client'>,
  app: Pick<AppInfo, 'social_connections'>,
): Promise<{ callback?: SocialCallback; notice?: Message }> {
  const callback = socialCallback(options.page.search(), await options.client.socialPending?.());
  if (!callback) return {};
  options.page.removeParams(SOCIAL_CALLBACK_PARAMS);
  if (callback.kind === 'code') return { callback };
  return { callback, notice: socialMessage(callback.error, app, callback.connection) };
}

/** The provider's name for the messages: the app's label, else its connection type. */
export function providerName(app: Pick<AppInfo, 'social_connections'>, connection: string): string {
  return app.social_connections?.[connection]?.name || connection;
}

/** What the form says of a provider's refusal (`error` of the callback). */
export function socialMessage(
  error: SocialCallbackError,
  app: Pick<AppInfo, 'social_connections'>,
  connection: string,
): Message {
  return { key: ERROR_KEYS[error], args: [{ text: providerName(app, connection) }] };
}

/**
 * What the form says when the code could not be exchanged (a used or expired code, the server
 * unreachable): the server's refusal when it is one of the callback's, else that signing in failed.
 */
export function socialFailure(
  error: unknown,
  app: Pick<AppInfo, 'social_connections'>,
  connection: string,
): Message {
  const code = (error as FlowError | undefined)?.code;
  if (code === 'timeout') return { key: 'request-timed-out' };
  if (isCallbackError(code)) return socialMessage(code, app, connection);
  return { key: 'social-failed', args: [{ text: providerName(app, connection) }] };
}
