import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment, parsed once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** The origin users reach this server at; `${PUBLIC_URL}` in the apps file resolves to it. */
  publicUrl: string;
  databaseUrl: string;
  appsFile: string;
  /** Built demo site served for every path the API does not own; null to serve none. */
  staticDir: string | null;
  smtpUrl: string | null;
  smsProvider: string | null;
  /** Sender address of every email (MAIL_FROM); the display name is the app's name. */
  mailFrom: string;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe (TRUST_PROXY). */
  trustProxy: boolean | string;
  contactTo: string | null;
  adminApiKey: string | null;
  production: boolean;
  logLevel: string;
  /** Scales every rate limit (RATE_LIMIT_FACTOR, default 1; 0 switches them off, e.g. for benchmarks). */
  rateLimitFactor: number;
  /** Origins the site may also send to (CSP_CONNECT_SRC): connect-src and form-action of its CSP. */
  cspConnectSrc: string[];
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export class ConfigError extends Error {}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parseFactor(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1;
  const factor = Number(raw);
  if (!Number.isFinite(factor) || factor < 0) {
    throw new ConfigError(`RATE_LIMIT_FACTOR must be a number ≥ 0, got "${raw}"`);
  }
  return factor;
}

function optional(raw: string | undefined): string | null {
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
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
      `TRUST_PROXY takes the proxies' addresses (e.g. 10.0.0.5 or 10.0.0.0/8) or true, not a hop count ("${value}")`,
    );
  }
  return value;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = parsePort(env.PORT);
  const publicUrl = (optional(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: optional(env.HOST) ?? '0.0.0.0',
    publicUrl,
    databaseUrl: optional(env.DATABASE_URL) ?? `sqlite:${repoRoot}data/open-passage.db`,
    appsFile: optional(env.APPS_FILE) ?? `${repoRoot}demo/passage-apps.json`,
    staticDir: env.STATIC_DIR === '' ? null : (optional(env.STATIC_DIR) ?? `${repoRoot}demo/dist`),
    smtpUrl: optional(env.SMTP_URL),
    smsProvider: optional(env.SMS_PROVIDER),
    mailFrom: optional(env.MAIL_FROM) ?? `no-reply@${new URL(publicUrl).hostname}`,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    contactTo: optional(env.CONTACT_TO),
    adminApiKey: optional(env.ADMIN_API_KEY),
    production: env.NODE_ENV === 'production',
    logLevel: optional(env.LOG_LEVEL) ?? 'info',
    rateLimitFactor: parseFactor(env.RATE_LIMIT_FACTOR),
    cspConnectSrc: parseCspOrigins(env.CSP_CONNECT_SRC),
  };
}
