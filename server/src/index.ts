export { buildServer, type OpenPassageServer } from './app.js';
export type { AppSettings } from './apps/app-settings.js';
export { loadConfig, type ServerConfig } from './config/config.js';
