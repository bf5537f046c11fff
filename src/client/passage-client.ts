import { ELEMENT_VERSION } from '../constants';
import type { AppInfo } from './app-info';
import { type HttpOptions, request } from './http';

export interface PassageClientOptions {
  /** Base URL of the identity server; defaults to the page's origin. */
  apiUrl?: string;
  fetch?: typeof fetch;
}

/** The browser client of the identity API (SPEC §7), scoped to one app. */
export class PassageClient {
  private readonly http: HttpOptions;

  constructor(
    readonly appId: string,
    options: PassageClientOptions = {},
  ) {
    const apiUrl = options.apiUrl || (typeof location === 'undefined' ? '' : location.origin);
    this.http = {
      apiUrl,
      headers: { 'Passage-Element-Version': ELEMENT_VERSION },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    };
  }

  private get base(): string {
    return `/v1/apps/${encodeURIComponent(this.appId)}`;
  }

  async appInfo(): Promise<AppInfo> {
    const body = await request<{ app: AppInfo }>(this.http, 'GET', this.base);
    return body.app;
  }
}
