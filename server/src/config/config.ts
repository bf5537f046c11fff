import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { ConfigError } from './config-error.js';
import { decideDevMode, type DevMode } from './dev-mode.js';
import { optional, optionalUrl } from './env-values.js';
import { type MetricsListenerConfig, parseMetricsConfig } from './metrics-config.js';
import type { SettingHelp } from './setting-help.js';
import { parseSmsProvider, SMS_SETTINGS, type SmsProvider } from './sms-provider.js';
import { parseWebhookConfig, type WebhookConfig, WEBHOOK_SETTINGS } from './webhook-config.js';

export { ConfigError } from './config-error.js';
export type { DevMode } from './dev-mode.js';
export type { SmsProvider, SnsSettings, TwilioSettings, VonageSettings } from './sms-provider.js';

/** Everything the server reads from its environment, parsed once at start. */
export interface ServerConfig {
  port: number;
  /** HOST; unset, localhost in development mode (this machine only), else every interface. */
  host: string;
  /** The origin users reach this server at; `${PUBLIC_URL}` in the apps file resolves to it. */
  publicUrl: string;
  /** The origin of the site showing the elements (AUTH_ORIGIN, default PUBLIC_URL): `${AUTH_ORIGIN}` in the
   * apps file, which the first run's app takes as its auth_origin. */
  authOrigin: string;
  /** Where the server keeps its files (DATA_DIR): the SQLite database unless DATABASE_URL names another. */
  dataDir: string;
  databaseUrl: string;
  /** The apps to declare at start (APPS_FILE), an absolute path. */
  appsFile: string;
  /** True when APPS_FILE was left unset, so a missing file may be created with a first app. */
  appsFileIsDefault: boolean;
  /** A built site served for every path the API does not own (STATIC_DIR); null to serve none. */
  staticDir: string | null;
  /** The elements' Stencil www/ build (ELEMENTS_WWW_DIR), whose view gallery development serves at /dev/views. */
  elementsWwwDir: string | null;
  smtpUrl: string | null;
  /** Where SMS go (SMS_PROVIDER and the chosen provider's settings); null for none. */
  smsProvider: SmsProvider | null;
  /** Sender address of every email (MAIL_FROM); the display name is the app's name. */
  mailFrom: string;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe (TRUST_PROXY). */
  trustProxy: boolean | string;
  /**
   * Whether social providers may sit on plain http, this machine or a private address
   * (SOCIAL_LOCAL_PROVIDERS; default: in development mode only).
   */
  socialLocalProviders: boolean;
  contactTo: string | null;
  adminApiKey: string | null;
  /** Whether the dev outbox, view gallery and debug panel are served (DEV_MODE, PUBLIC_URL, NODE_ENV). */
  devMode: DevMode;
  /** The elements' debug panel bundle (DEBUG_PANEL_FILE), added to the site's sign-in pages in
   * development mode; null for none. */
  debugPanelFile: string | null;
  logLevel: string;
  /** Scales every rate limit (RATE_LIMIT_FACTOR, default 1; 0 switches them off, e.g. for benchmarks). */
  rateLimitFactor: number;
  /** How many days the event log keeps its entries (EVENT_RETENTION_DAYS). */
  eventRetentionDays: number;
  /** Origins the site may also send to (CSP_CONNECT_SRC): connect-src and form-action of its CSP. */
  cspConnectSrc: string[];
  /** The Prometheus endpoint's own listener (METRICS_PORT, METRICS_HOST); null: no metrics. */
  metrics: MetricsListenerConfig | null;
  /** Where webhooks may go and how long a receiver may take (WEBHOOK_*). */
  webhooks: WebhookConfig;
}

/** pino's levels, most to least severe, then none. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every environment variable loadConfig reads (a test checks that none is left out). */
export const SETTINGS: readonly SettingHelp[] = [
  {
    name: 'PORT',
    flag: '--port',
    default: '8080',
    description: 'TCP port to listen on; 0 picks a free one.',
  },
  {
    name: 'HOST',
    flag: '--host',
    default: 'localhost in development mode, else 0.0.0.0',
    description: 'Address to listen on.',
  },
  {
    name: 'PUBLIC_URL',
    flag: '--public-url',
    default: 'http://localhost:<PORT>',
    description:
      'The origin users reach the server at (no path); ${PUBLIC_URL} in the apps file stands for it. A loopback URL ' +
      '(localhost, 127.0.0.1, [::1]) turns development mode on unless NODE_ENV is production.',
  },
  {
    name: 'DEV_MODE',
    flag: '--dev',
    switch: true,
    default: 'on when PUBLIC_URL is a loopback URL and NODE_ENV is not production',
    description:
      'true: development mode, which keeps the messages it cannot send in the dev outbox (/dev/outbox) and ' +
      'serves the view gallery and debug panel, all to this machine only. It needs a loopback PUBLIC_URL. ' +
      'false: never.',
  },
  {
    name: 'AUTH_ORIGIN',
    flag: '--auth-origin',
    default: '<PUBLIC_URL>',
    description:
      'Origin of the site that shows the elements; ${AUTH_ORIGIN} in the apps file (the first run’s app’s auth_origin) stands for it.',
  },
  {
    name: 'DATA_DIR',
    flag: '--data-dir',
    default: './data',
    description: 'Folder of the SQLite database.',
  },
  {
    name: 'DATABASE_URL',
    default: 'sqlite:<DATA_DIR>/open-passage.db',
    description: 'sqlite:<file> or postgres://user:password@host/database.',
  },
  {
    name: 'APPS_FILE',
    flag: '--apps-file',
    default: './passage-apps.json',
    description: 'JSON file declaring the apps ({"apps": [ … ]}); created with one app if unset and missing.',
  },
  {
    name: 'STATIC_DIR',
    flag: '--static-dir',
    default: 'none',
    description: 'Folder of a built site (with its index.html) to serve on every path the API does not own.',
  },
  {
    name: 'ELEMENTS_WWW_DIR',
    default: 'none',
    description: "The elements' Stencil www/ build; in development mode its view gallery is at /dev/views.",
  },
  {
    name: 'SMTP_URL',
    default: 'none: the dev outbox in development mode',
    description:
      'smtp://user:pass@host:587 or smtps://…:465 for every email (codes, links, contact). Outside ' +
      'development mode the server does not start without it while an app allows email identifiers.',
  },
  {
    name: 'MAIL_FROM',
    default: 'no-reply@<PUBLIC_URL host>',
    description: 'Sender address of every email.',
  },
  ...SMS_SETTINGS,
  {
    name: 'CONTACT_TO',
    default: 'none',
    description: 'Where contact-form messages go, unless the app names its own contact_to.',
  },
  {
    name: 'ADMIN_API_KEY',
    default: 'none (no admin API)',
    description: 'Bearer key that turns on /admin/v1 (apps and users).',
  },
  {
    name: 'NODE_ENV',
    default: 'unset',
    description: 'production: no development mode, even with a loopback PUBLIC_URL.',
  },
  {
    name: 'DEBUG_PANEL_FILE',
    default: 'none',
    description: 'The debug panel bundle; in development mode /passage and /passageSuccess load it.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: `${LOG_LEVELS.join(', ')}.` },
  {
    name: 'TRUST_PROXY',
    default: 'none',
    description:
      'true, or the comma-separated addresses/CIDRs of the proxies whose X-Forwarded-For/-Proto count ' +
      '(e.g. 10.0.0.5,10.0.0.0/8; also loopback, linklocal, uniquelocal).',
  },
  {
    name: 'SOCIAL_LOCAL_PROVIDERS',
    default: 'on in development mode',
    description:
      'true: social providers may be reached over plain http, on this machine or at a private address ' +
      '(test providers, a private identity provider). false: https to public addresses only.',
  },
  {
    name: 'RATE_LIMIT_FACTOR',
    default: '1',
    description: 'Scales every rate limit; 0 switches them off (benchmarks only).',
  },
  {
    name: 'EVENT_RETENTION_DAYS',
    default: '90',
    description: 'Days the event log (sign-ins, refused sign-ins, account changes) keeps an entry.',
  },
  {
    name: 'CSP_CONNECT_SRC',
    default: 'none',
    description: 'Origins the served site may also send to (CSP connect-src, form-action).',
  },
  {
    name: 'METRICS_PORT',
    default: 'none (no metrics)',
    description:
      'Serves Prometheus metrics at /metrics on this port, apart from the public one; 0 picks a free one.',
  },
  {
    name: 'METRICS_HOST',
    default: '127.0.0.1',
    description: 'Address the metrics port listens on; needs METRICS_PORT.',
  },
  ...WEBHOOK_SETTINGS,
];

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(
      `PORT must be a whole number from 0 to 65535 (0 picks a free port), got "${raw}" — for example PORT=8080`,
    );
  }
  return port;
}

function parseFactor(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1;
  const factor = Number(raw);
  if (!Number.isFinite(factor) || factor < 0) {
    throw new ConfigError(
      `RATE_LIMIT_FACTOR must be a number ≥ 0 (1 keeps the limits, 0 switches them off), got "${raw}" — for example RATE_LIMIT_FACTOR=2`,
    );
  }
  return factor;
}

/** EVENT_RETENTION_DAYS: a whole number of days from 1 to 36500 (100 years); 90 when unset. */
function parseRetentionDays(raw: string | undefined): number {
  const value = optional(raw);
  if (value === null) return 90;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) {
    throw new ConfigError(
      `EVENT_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "${raw}" — for example EVENT_RETENTION_DAYS=30`,
    );
  }
  return days;
}

function parseLogLevel(raw: string | undefined): string {
  const level = optional(raw) ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}" — for example LOG_LEVEL=debug`,
    );
  }
  return level;
}

/**
 * PUBLIC_URL: an http(s) origin without credentials, query or fragment; unset, this machine at PORT. A path
 * is refused: the server answers at the root of its host (/v1/…, the site, /dev/), and `${PUBLIC_URL}` is
 * also the first run's auth_origin, which must be an origin.
 */
function parsePublicUrl(raw: string | undefined, port: number): string {
  const url = (optional(raw) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (
    !parsed ||
    !/^https?:$/.test(parsed.protocol) ||
    parsed.username ||
    parsed.password ||
    parsed.search ||
    parsed.hash
  ) {
    throw new ConfigError(
      `PUBLIC_URL must be the http(s) address users reach the server at, got "${raw}" — for example PUBLIC_URL=https://id.example.com`,
    );
  }
  if (parsed.pathname !== '/') {
    throw new ConfigError(
      `PUBLIC_URL must be an origin (scheme, host and port, no path), got "${raw}" — for example ` +
        `PUBLIC_URL=${parsed.origin}. The server answers at the root of its host: give it a host of its ` +
        'own (such as id.example.com) rather than a path below another site.',
    );
  }
  return url;
}

/** A setting that must be a plain email address (no display name), or unset. */
function optionalAddress(name: string, raw: string | undefined, example: string): string | null {
  const address = optional(raw);
  if (address !== null && !/^[^\s@<>]+@[^\s@<>]+$/.test(address)) {
    throw new ConfigError(`${name} must be an email address, got "${raw}" — for example ${name}=${example}`);
  }
  return address;
}

function optionalPath(raw: string | undefined, cwd: string): string | null {
  const path = optional(raw);
  return path === null ? null : resolve(cwd, path);
}

/**
 * STATIC_DIR: a folder with the built site's index.html, or unset. Without one nothing would be served and
 * every page would answer 404, so a wrong path stops the start instead.
 */
function parseStaticDir(raw: string | undefined, cwd: string): string | null {
  const dir = optionalPath(raw, cwd);
  if (dir === null) return null;
  const problem = !existsSync(dir)
    ? 'does not exist'
    : !statSync(dir).isDirectory()
      ? 'is not a folder'
      : !existsSync(join(dir, 'index.html'))
        ? 'has no index.html'
        : null;
  if (problem) {
    throw new ConfigError(
      `STATIC_DIR must be the folder of a built site with its index.html, got "${raw}", which ${problem} ` +
        '— for example STATIC_DIR=dist; leave it unset to serve the API only',
    );
  }
  return dir;
}

/**
 * TRUST_PROXY: `true` or a comma-separated list of proxy addresses/CIDRs. Unset: trust none. A hop count is
 * refused: it trusts whatever connects directly, so any client could name its own address.
 */
function parseTrustProxy(raw: string | undefined): boolean | string {
  const value = optional(raw);
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY takes the proxies' addresses (e.g. 10.0.0.5 or 10.0.0.0/8) or true, not a hop count ("${value}") — for example TRUST_PROXY=10.0.0.5`,
    );
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be true or a comma-separated list of the proxies' IP addresses and CIDR ranges ` +
        `(10.0.0.5, 10.0.0.0/8, fd00::/8, or loopback, linklocal, uniquelocal), got "${bad}"` +
        `${bad === value ? '' : ` in "${value}"`} — for example TRUST_PROXY=10.0.0.5 or TRUST_PROXY=loopback,10.0.0.0/8`,
    );
  }
  return entries.join(',');
}

/** One TRUST_PROXY entry as Fastify's proxy-addr reads it: an IP, a CIDR or netmask range, or a range name. */
function isProxyAddress(entry: string): boolean {
  if (entry === '') return false;
  try {
    proxyAddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}

/** A true/false setting; null when unset. */
function parseSwitch(name: string, raw: string | undefined): boolean | null {
  const value = optional(raw);
  if (value === null) return null;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ConfigError(`${name} must be true or false, got "${raw}" — for example ${name}=true`);
}

/** DATABASE_URL, a relative sqlite: file resolved against `cwd`; unset, a SQLite file in the data folder. */
function parseDatabaseUrl(raw: string | undefined, dataDir: string, cwd: string): string {
  const url = optional(raw);
  if (url === null) return `sqlite:${join(dataDir, 'open-passage.db')}`;
  if (/^postgres(ql)?:\/\//.test(url)) return url;
  if (!url.startsWith('sqlite:')) {
    throw new ConfigError(
      `DATABASE_URL must start with sqlite: or postgres://, got "${raw}" — for example ` +
        'DATABASE_URL=sqlite:data/open-passage.db or DATABASE_URL=postgres://user:password@db.example.com/openpassage',
    );
  }
  const file = url.slice('sqlite:'.length);
  return file === ':memory:' ? url : `sqlite:${resolve(cwd, file)}`;
}

const BARE_ORIGIN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*)(:\d{1,5})?\/?$/i;

/**
 * CSP_CONNECT_SRC: origins (`https://host[:port]`, separated by spaces or commas) the site may also send to.
 * Only bare http(s) origins pass, so the setting cannot widen the policy in any other way (no `*`, no
 * keywords, no paths, no `;`). An invalid entry stops the server at start, naming it.
 */
export function parseCspOrigins(raw: string | undefined): string[] {
  const entries = (raw ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  return entries.map((entry) => {
    if (!BARE_ORIGIN.test(entry) || !URL.canParse(entry)) {
      throw new ConfigError(`CSP_CONNECT_SRC must list origins like https://api.emailjs.com, got "${entry}"`);
    }
    return new URL(entry).origin;
  });
}

/** AUTH_ORIGIN: one bare http(s) origin (what a browser sends as Origin), or PUBLIC_URL when unset. */
function parseAuthOrigin(raw: string | undefined, publicUrl: string): string {
  const value = optional(raw);
  if (value === null) return publicUrl;
  if (!BARE_ORIGIN.test(value) || !URL.canParse(value)) {
    throw new ConfigError(
      `AUTH_ORIGIN must be an origin like http://localhost:5173 (scheme, host and port only), got "${value}"`,
    );
  }
  return new URL(value).origin;
}

/**
 * Reads and checks every setting from `env`, throwing a ConfigError that names the first one it cannot
 * use (before the server writes anything). Relative paths (DATA_DIR, APPS_FILE, STATIC_DIR, ELEMENTS_WWW_DIR,
 * a sqlite: file) count from `cwd`, so the server keeps its files where it is started, never beside its code.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ServerConfig {
  const port = parsePort(env.PORT);
  const publicUrl = parsePublicUrl(env.PUBLIC_URL, port);
  const devMode = decideDevMode(env, publicUrl);
  const dataDir = resolve(cwd, optional(env.DATA_DIR) ?? 'data');
  const appsFile = optional(env.APPS_FILE);
  const elementsWwwDir = optional(env.ELEMENTS_WWW_DIR);
  return {
    port,
    // Fastify listens on both 127.0.0.1 and ::1 for `localhost`.
    host: optional(env.HOST) ?? (devMode.on ? 'localhost' : '0.0.0.0'),
    publicUrl,
    authOrigin: parseAuthOrigin(env.AUTH_ORIGIN, publicUrl),
    dataDir,
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL, dataDir, cwd),
    appsFile: resolve(cwd, appsFile ?? 'passage-apps.json'),
    appsFileIsDefault: appsFile === null,
    staticDir: parseStaticDir(env.STATIC_DIR, cwd),
    elementsWwwDir: elementsWwwDir === null ? null : resolve(cwd, elementsWwwDir),
    smtpUrl: optionalUrl(
      'SMTP_URL',
      env.SMTP_URL,
      ['smtp', 'smtps'],
      'smtp://user:password@mail.example.com:587',
    ),
    smsProvider: parseSmsProvider(env),
    mailFrom:
      optionalAddress('MAIL_FROM', env.MAIL_FROM, 'no-reply@example.com') ??
      `no-reply@${new URL(publicUrl).hostname}`,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    socialLocalProviders: parseSwitch('SOCIAL_LOCAL_PROVIDERS', env.SOCIAL_LOCAL_PROVIDERS) ?? devMode.on,
    contactTo: optionalAddress('CONTACT_TO', env.CONTACT_TO, 'hello@example.com'),
    adminApiKey: optional(env.ADMIN_API_KEY),
    devMode,
    debugPanelFile: optionalPath(env.DEBUG_PANEL_FILE, cwd),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    rateLimitFactor: parseFactor(env.RATE_LIMIT_FACTOR),
    eventRetentionDays: parseRetentionDays(env.EVENT_RETENTION_DAYS),
    cspConnectSrc: parseCspOrigins(env.CSP_CONNECT_SRC),
    metrics: parseMetricsConfig(env, port),
    webhooks: parseWebhookConfig(env, devMode),
  };
}
