import type { AppSettings } from '../apps/app-settings.js';
import { ConfigError, type ServerConfig } from '../config/config.js';

type AppNames = Pick<AppSettings, 'id' | 'name'>;

/** `app "Shop" (id abc…)` or `apps "Shop" (id abc…) and "Blog" (id def…)`. */
function named(apps: AppNames[]): string {
  const each = apps.map((app) => `"${app.name}" (id ${app.id})`);
  const list = each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : each[0];
  return `${apps.length > 1 ? 'apps' : 'app'} ${list}`;
}

/**
 * Outside development mode there is no dev outbox: a message without a transport would wait in the queue
 * forever, and its user would wait for a code that never comes. So the server does not start when an
 * app needs a channel it cannot send on: email for an app that allows email identifiers or names a
 * contact_to (and for CONTACT_TO), SMS for one that allows phone identifiers. Throws a ConfigError that
 * names the missing setting and the apps; a server whose apps need neither starts.
 */
export function requireTransports(config: ServerConfig, apps: readonly AppSettings[]): void {
  if (config.devMode.on) return;
  const problems: string[] = [];
  const emailApps = apps.filter((app) => app.allowed_identifier !== 'phone' || app.contact_to);
  if (!config.smtpUrl && (emailApps.length > 0 || config.contactTo)) {
    const needs = [
      ...(emailApps.length > 0 ? [`the one-time codes and magic links of ${named(emailApps)}`] : []),
      ...(config.contactTo ? [`the contact form's messages to CONTACT_TO (${config.contactTo})`] : []),
    ];
    problems.push(
      `SMTP_URL is not set, so the server cannot send ${needs.join(', or ')}. Set it to your mail server, ` +
        'for example SMTP_URL=smtp://user:password@mail.example.com:587 (or smtps://…:465).',
    );
  }
  const phoneApps = apps.filter((app) => app.allowed_identifier !== 'email');
  if (!config.smsProvider && phoneApps.length > 0) {
    problems.push(
      `SMS_PROVIDER is not set, so the server cannot send the one-time codes of ${named(phoneApps)}, which ` +
        'allow phone identifiers. Set it to your SMS gateway, for example SMS_PROVIDER=https://sms.example.com/send, ' +
        'or let the apps allow email identifiers only.',
    );
  }
  if (problems.length === 0) return;
  throw new ConfigError(
    [
      ...problems,
      `(Development mode, which keeps such messages in a dev outbox on this machine instead, is off: ${config.devMode.because}.)`,
    ].join('\n'),
  );
}
