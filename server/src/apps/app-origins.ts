import type { AppsRepository } from './apps-repository.js';

/** `http://127.0.0.1:8080/` and `http://localhost:8080` name the same origin (as Passage treats them). */
export function normalizeOrigin(origin: string): string {
  return origin
    .replace(/\/+$/, '')
    .replace(/^(https?:\/\/)127\.0\.0\.1(?=[:/]|$)/i, '$1localhost')
    .toLowerCase();
}

/**
 * Each app's auth_origin, read from the database at most every `ttlMs` (so CORS costs no query per
 * request) and at once after a change through the admin API on this instance.
 */
export class AppOrigins {
  /** Each app's auth_origin as configured and normalized. */
  private byApp = new Map<string, { configured: string; normalized: string }>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly apps: AppsRepository,
    private readonly ttlMs = 5_000,
  ) {
    // An app changed through this instance's admin API counts at once; other instances' changes within ttlMs.
    apps.onChange(() => this.invalidate());
  }

  invalidate(): void {
    this.loadedAt = 0;
  }

  private async fresh(): Promise<Map<string, { configured: string; normalized: string }>> {
    if (Date.now() - this.loadedAt > this.ttlMs) {
      this.loading ??= this.apps
        .list()
        .then((apps) => {
          this.byApp = new Map(
            apps.map((app) => [
              app.id,
              { configured: app.auth_origin, normalized: normalizeOrigin(app.auth_origin) },
            ]),
          );
          this.loadedAt = Date.now();
        })
        .finally(() => {
          this.loading = null;
        });
      await this.loading;
    }
    return this.byApp;
  }

  /** The app's auth_origin as configured (for messages and logs), or undefined when there is no such app. */
  async authOriginOf(appId: string): Promise<string | undefined> {
    return (await this.fresh()).get(appId)?.configured;
  }

  /** Is `origin` the auth_origin of this app? */
  async isAppOrigin(appId: string, origin: string): Promise<boolean> {
    return (await this.fresh()).get(appId)?.normalized === normalizeOrigin(origin);
  }

  /** Is `origin` the auth_origin of any app (for endpoints that name no app in the path)? */
  async isAnyAppOrigin(origin: string): Promise<boolean> {
    const wanted = normalizeOrigin(origin);
    for (const known of (await this.fresh()).values()) if (known.normalized === wanted) return true;
    return false;
  }
}
