import type { AppSettings } from '../apps/app-settings.js';
import { ConfigError, type ServerConfig } from '../config/config.js';

type AppNames = Pick<AppSettings, 'id' | 'name'>;

/** `app "Shop" (id abc…)` or `apps "Shop" (id abc…) and "Blog" (id def…)`. */
function named(apps: AppNames[]): string {
  const each = apps.map((app) => `"${app.name}" (id ${app.id})`);
  const list = each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : each[0];
  return `${apps.length > 1 ? 'apps' : 'app'} ${list}`;
}

/** Whether an app sends email: codes and links to email identifiers, or its contact form's messages. */
export const sendsEmail = (app: AppSettings): boolean =>
  app.allowed_identifier !== 'phone' || !!app.contact_to;

/** Whether an app sends SMS: codes to phone identifiers. */
export const sendsSms = (app: AppSettings): boolean => app.allowed_identifier !== 'email';

type TransportSettings = Pick<ServerConfig, 'devMode' | 'smtpUrl' | 'smsProvider' | 'contactTo'>;

/**
 * Outside development mode there is no dev outbox: a message without a transport would wait in the queue
 * forever, and its user would wait for a code that never comes. Each sentence names a missing setting and
 * the apps that need it: email for an app that allows email identifiers or names a contact_to (and for
 * CONTACT_TO), SMS for one that allows phone identifiers. Empty when every message can be sent.
 */
export function missingTransports(config: TransportSettings, apps: readonly AppSettings[]): string[] {
  if (config.devMode.on) return [];
  const problems: string[] = [];
  const emailApps = apps.filter(sendsEmail);
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
  const phoneApps = apps.filter(sendsSms);
  if (!config.smsProvider && phoneApps.length > 0) {
    problems.push(
      `SMS_PROVIDER is not set, so the server cannot send the one-time codes of ${named(phoneApps)}, which ` +
        "allow phone identifiers. Set it to twilio, vonage or sns with that provider's settings (docs/server/sms-providers.md), " +
        'or to your SMS gateway, for example SMS_PROVIDER=https://sms.example.com/send, or let the apps allow email ' +
        'identifiers only.',
    );
  }
  return problems;
}

/** At start: a server whose apps need a transport it lacks does not start (a ConfigError naming it). */
export function requireTransports(config: TransportSettings, apps: readonly AppSettings[]): void {
  const problems = missingTransports(config, apps);
  if (problems.length === 0) return;
  throw new ConfigError(
    [
      ...problems,
      `(Development mode, which keeps such messages in a dev outbox on this machine instead, is off: ${config.devMode.because}.)`,
    ].join('\n'),
  );
}
