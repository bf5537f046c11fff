import { CLIENT_VERSION, ELEMENT_VERSION } from '../constants';
import type { AppInfo } from './app-info';
import { type CallOptions, type HttpOptions, request } from './http';
import { PassageError } from './passage-error';

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
  const answer = await request<{ app?: AppInfo } | undefined>(
    http,
    'GET',
    appPath(appId),
    undefined,
    options,
  );
  // Checked here, not with client/answers.ts: this module is part of the elements' first render.
  if (typeof answer?.app !== 'object' || !answer.app)
    throw new PassageError(0, 'unexpected_answer', "The server's answer has no app.");
  return answer.app;
}
