import type { AppSettings } from './app-settings.js';
import type { AppsRepository } from './apps-repository.js';

/** Changes made through another instance are seen here within this time (this instance's at once). */
const APP_CACHE_MS = 2_000;

/**
 * App settings for the request path: one database read per app every couple of seconds instead of
 * one (plus a JSON parse) per request.
 */
export class AppCache {
  private readonly entries = new Map<string, { at: number; app: Promise<AppSettings | undefined> }>();

  constructor(private readonly apps: AppsRepository) {
    apps.onChange((id) => this.entries.delete(id));
  }

  find(appId: string): Promise<AppSettings | undefined> {
    const now = Date.now();
    const cached = this.entries.get(appId);
    if (cached && now - cached.at < APP_CACHE_MS) return cached.app;
    const app = this.apps.find(appId);
    app.catch(() => this.entries.delete(appId));
    if (this.entries.size > 10_000) this.entries.clear(); // unknown ids must not grow it without bound
    this.entries.set(appId, { at: now, app });
    return app;
  }
}
