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
  contactTo: string | null;
  adminApiKey: string | null;
  production: boolean;
  logLevel: string;
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

function optional(raw: string | undefined): string | null {
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
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
    contactTo: optional(env.CONTACT_TO),
    adminApiKey: optional(env.ADMIN_API_KEY),
    production: env.NODE_ENV === 'production',
    logLevel: optional(env.LOG_LEVEL) ?? 'info',
  };
}
