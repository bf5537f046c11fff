import type { AppSettings } from '../apps/app-settings.js';
import type { MessageSender } from '../delivery/outgoing-message.js';
import type { PasskeyUser } from './passkey-identity.js';

/**
 * Tells the user that a passkey was added to or removed from their account, by email, or by
 * SMS when they have no email. The message is only queued: sending never slows the answer.
 */
export async function notifyPasskeyChange(
  sender: MessageSender,
  app: AppSettings,
  user: PasskeyUser,
  kind: 'passkey-added' | 'passkey-removed',
  deviceName: string,
): Promise<void> {
  const channel = user.email ? 'email' : user.phone ? 'sms' : null;
  if (!channel) return;
  await sender.enqueue({
    appId: app.id,
    channel,
    to: (channel === 'email' ? user.email : user.phone) as string,
    kind,
    language: app.default_language,
    params: { appName: app.name, deviceName },
  });
}
