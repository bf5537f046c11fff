/**
 * What a sign-in element renders on a server (the hydrate app, open-passage/hydrate): the first form,
 * from the app info the server asks for, so the page's HTML holds it before any script runs
 * (docs/server-rendering.md). Only the browser goes further: the flow, its events and the browser's
 * features start there. Anything short of the form (no api-url, which on a server names no origin; a
 * server that does not answer in time) renders the loading view, and the browser takes it from there.
 */
import { fetchAppInfo, httpOptions } from '../../client/app-info-request';
import type { AppInfo } from '../../client/app-info';
import { homeView, initialMode } from '../../flow/home-view';
import type { ViewState } from '../../flow/view-state';
import { loadTranslator, type Translator } from '../../i18n';
import type { SignInKind } from './sign-in-element';

export interface ServerViewOptions {
  appId: string;
  apiUrl: string | undefined;
  element: SignInKind;
  startInRegister: boolean;
  defaultCountryCode: string;
  lang: string;
}

export interface ServerView {
  view: ViewState;
  app?: AppInfo;
  translator: Translator;
}

/** How long a page's server render waits for the identity server. */
const APP_INFO_TIMEOUT_MS = 3000;

export async function serverView(options: ServerViewOptions): Promise<ServerView> {
  const app = options.appId && options.apiUrl ? await appInfo(options.appId, options.apiUrl) : undefined;
  const translator = await loadTranslator([options.lang || undefined, app?.default_language]);
  if (!app) return { view: { kind: 'loading' }, translator };
  const view = homeView(app, {
    element: options.element,
    mode: initialMode(options.element, options.startInRegister),
    defaultCountryCode: options.defaultCountryCode,
    conditionalUI: false,
  });
  return { view, app, translator };
}

async function appInfo(appId: string, apiUrl: string): Promise<AppInfo | undefined> {
  // A race, not an abort signal: the hydrate app's window stands in for some of Node's globals.
  const late = new Promise<undefined>((resolve) => setTimeout(resolve, APP_INFO_TIMEOUT_MS));
  return Promise.race([fetchAppInfo(httpOptions(apiUrl), appId).catch(() => undefined), late]);
}
