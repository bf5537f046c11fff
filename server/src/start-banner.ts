import type { OpenPassageServer } from './app.js';
import type { AppSettings } from './apps/app-settings.js';
import { firstRunNotice } from './apps/first-app.js';
import { wrap } from './cli.js';
import type { ServerConfig } from './config/config.js';
import { shownPath as shown } from './config/shown-path.js';
import { isLoopbackHostname } from './security/loopback.js';

type ServedParts = Pick<
  OpenPassageServer,
  'apps' | 'site' | 'dbKind' | 'devOutbox' | 'viewGallery' | 'debugPanel'
>;

/** What the outbox holds instead of sending, as the development box says it. */
function outboxLine(config: ServerConfig): string {
  if (!config.smtpUrl && !config.smsProvider) {
    return 'Email and SMS are not sent (no SMTP_URL, no SMS_PROVIDER): they land in the dev outbox, every one-time code and magic link with them.';
  }
  return config.smtpUrl
    ? 'SMS are not sent (no SMS_PROVIDER): they land in the dev outbox, every one-time code with them.'
    : 'Email is not sent (no SMTP_URL): it lands in the dev outbox, every one-time code and magic link with it.';
}

const BOX_WIDTH = 78;

/** Lines in a box, wrapped to its width: the development-mode warning nobody should miss. */
function boxed(paragraphs: string[]): string[] {
  const inner = BOX_WIDTH - 4;
  const lines = paragraphs.flatMap((text) => {
    const indent = /^ */.exec(text)![0];
    return wrap(text.trimStart(), inner - indent.length).map((line) => `${indent}${line}`);
  });
  return [
    `  ┌${'─'.repeat(BOX_WIDTH - 2)}┐`,
    ...lines.map((line) => `  │ ${line.padEnd(inner)} │`),
    `  └${'─'.repeat(BOX_WIDTH - 2)}┘`,
  ];
}

/** The development-mode box: why it is on, the /dev/ pages, who may reach them, how to run for real. */
function developmentBox(config: ServerConfig, server: ServedParts, base: string): string[] {
  const surfaces = [
    ...(server.devOutbox ? [`  dev outbox:    ${base}/dev/outbox`] : []),
    ...(server.viewGallery ? [`  view gallery:  ${base}/dev/views`] : []),
    ...(server.debugPanel ? [`  debug panel:   ${base}/dev/debug-panel.js`] : []),
  ];
  const hostName = config.host.includes(':') ? `[${config.host}]` : config.host;
  return boxed([
    'DEVELOPMENT MODE: do not expose this server to a network.',
    `On because ${config.devMode.because}.`,
    ...(server.devOutbox ? [outboxLine(config)] : []),
    ...surfaces,
    ...(surfaces.length > 0
      ? ['These /dev/ pages answer only requests made on this machine (loopback address and Host, no proxy).']
      : []),
    isLoopbackHostname(hostName)
      ? `Listening on ${config.host} only: other machines cannot connect.`
      : `Listening on ${config.host} (HOST): other machines reach the API, but not the /dev/ pages.`,
    'For production: PUBLIC_URL=https://<your host> and SMTP_URL=smtp://… (SMS_PROVIDER for phone identifiers).',
  ]);
}

/** `host:port`, an IPv6 address in brackets. */
function listenAddress(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

const everyInterface = (host: string) => (host === '0.0.0.0' || host === '::' ? ' (every interface)' : '');

/**
 * What the server prints once it listens: where it runs, its files and apps, where its metrics are
 * (`metricsUrl`, null when off), and its mode.
 */
export function startBanner(
  config: ServerConfig,
  server: ServedParts,
  port: number,
  firstApp: AppSettings | null,
  metricsUrl: string | null = null,
): string {
  const publicUrl = config.publicUrl;
  const database = server.dbKind === 'sqlite' ? `sqlite, ${shown(config.databaseUrl.slice(7))}` : 'postgres';
  const listening = listenAddress(config.host, port);
  const lines = [
    '',
    `  open-passage is running at ${publicUrl}/`,
    // Said when users reach it elsewhere than where it listens: behind a proxy, on every interface.
    ...(publicUrl !== `http://${listening}`
      ? [`  listening on:              ${listening}${everyInterface(config.host)}`]
      : []),
    ...(server.site?.hasPage('/passage') ? [`  sign-in widget:            ${publicUrl}/passage`] : []),
    ...(server.site ? [`  site (STATIC_DIR):         ${shown(server.site.root)}`] : []),
    `  apps file:                 ${shown(config.appsFile)}`,
    ...server.apps.map((app) => `  app "${app.name}" id:     ${app.id}`),
    `  database:                  ${database}`,
    ...(metricsUrl ? [`  metrics (METRICS_PORT):    ${metricsUrl}`] : []),
    '',
    // The /dev/ pages answer this machine only, so they are named at the local address.
    ...(config.devMode.on ? [...developmentBox(config, server, `http://localhost:${port}`), ''] : []),
  ];
  if (firstApp) {
    lines.push(...firstRunNotice(firstApp, shown(config.appsFile), config.authOrigin, config.devMode.on));
  }
  return `${lines.join('\n')}\n`;
}
