import type { FallbackMethod } from '../../client/app-info';
import type { IdentifierType } from '../../flow/view-state';
import type { MessageKey } from '../../i18n';

/** The label of the explicit fallback button, or none when the app has no fallback. */
export function fallbackLabel(
  method: FallbackMethod,
  identifierType: IdentifierType,
  registering: boolean,
): MessageKey | undefined {
  if (method === 'none') return undefined;
  const action = registering ? 'register' : 'login';
  if (method === 'otp') return `${action}-with-code`;
  return `${action}-with-${identifierType === 'phone' ? 'text' : 'email'}-link`;
}
