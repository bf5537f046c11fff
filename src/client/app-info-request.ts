import { CLIENT_VERSION, ELEMENT_VERSION } from '../constants';
import type { AppInfo } from './app-info';
import { type CallOptions, type HttpOptions, request } from './http';

/** Transport settings of a client: the API base (the page's origin by default) and the version headers. */
export function httpOptions(
  apiUrl: string | undefined,
  elementVersion: string | false = ELEMENT_VERSION,
): HttpOptions {
  const headers: Record<string, string> = { 'Passage-Version': CLIENT_VERSION };
  if (elementVersion) headers['Passage-Element-Version'] = elementVersion;
  return { apiUrl: apiUrl || (typeof location === 'undefined' ? '' : location.origin), headers };
}

export const appPath = (appId: string): string => `/v1/apps/${encodeURIComponent(appId)}`;

/** `GET /v1/apps/{appId}`: on its own, so an element can show its form before the client loads. */
export async function fetchAppInfo(
  http: HttpOptions,
  appId: string,
  options?: CallOptions,
): Promise<AppInfo> {
  return (await request<{ app: AppInfo }>(http, 'GET', appPath(appId), undefined, options)).app;
}
