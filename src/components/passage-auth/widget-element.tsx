/**
 * What `<passage-auth>`, `<passage-login>` and `<passage-register>` share: the flow controller, the
 * language (lang attribute → browser → app default), the theme (light / dark / auto, live) and the
 * rendering of the current view. Each element keeps its own props and events and delegates here.
 */
import { forceUpdate } from '@stencil/core';
import type { AppInfo } from '../../client/app-info';
import { fetchAppInfo, httpOptions } from '../../client/app-info-request';
import { defaultStorage } from '../../client/browser-storage';
import { hasLinkToActivate, homeView, initialMode } from '../../flow/home-view';
import { type HostEventArgs, STORAGE_KEYS } from '../../flow/host-events';
import type { AuthMode, ViewEvent, ViewState } from '../../flow/view-state';
import { english, loadTranslator, type Translator } from '../../i18n';
import {
  customizationFor,
  resolveThemeMode,
  systemPrefersDark,
  watchSystemDark,
} from '../../themes/customization';
import { renderView } from '../views/render-view';
import type { BeforeAuth, OnEvent, OnSuccess } from './host-api';
import type { WidgetController } from './widget-controller';

/** The host API every sign-in element offers (docs/sign-in-elements.md). */
export interface WidgetProps {
  appId: string;
  apiUrl?: string;
  lang?: string;
  theme?: string;
  defaultCountryCode: string;
  beforeAuth?: BeforeAuth;
  onSuccess?: OnSuccess;
  onEvent?: OnEvent;
}

/** Which views an element offers: both, sign-in only or registration only. */
export type WidgetKind = 'auth' | 'login' | 'register';

export class WidgetElement {
  private controller?: WidgetController;
  private app?: AppInfo;
  /** Events raised before the flow finished loading; replayed once it has. */
  private queued: ViewEvent[] = [];
  private generation = 0;
  /** Cancels the app-info request of a start that another start (or stop) replaced. */
  private appInfoRequest?: AbortController;
  private view: ViewState = { kind: 'loading' };
  /** Login or register (the toggle works before the flow has loaded). */
  private mode: AuthMode = 'login';
  private translator: Translator = english;
  private systemDark = systemPrefersDark();
  private stopWatchingTheme?: () => void;
  /** Resolves the wait for the next render (see `painted`). */
  private rendered?: () => void;
  /** Orders language loads: only the latest request may apply its result. */
  private languageRequest = 0;

  constructor(
    private readonly component: object,
    private readonly kind: WidgetKind,
    private readonly props: () => WidgetProps & { startInRegister?: boolean },
    private readonly emit: (...event: HostEventArgs) => void,
  ) {}

  private show(view: ViewState): void {
    this.view = view;
    forceUpdate(this.component);
  }

  /**
   * (Re)starts: on connect and whenever app-id or api-url change. The app info alone is enough to
   * show the identifier form, so that comes first; the flow, the client and the rest are loaded with
   * `import()` meanwhile and take over (events raised in between are replayed).
   */
  async start(): Promise<void> {
    this.controller?.stop();
    this.controller = undefined;
    this.app = undefined;
    this.queued = [];
    const generation = ++this.generation;
    const p = this.props();
    this.stopWatchingTheme ??= watchSystemDark((dark) => {
      this.systemDark = dark;
      forceUpdate(this.component);
    });
    const language = this.loadLanguage();
    // Without an app id there is nothing to load: say so rather than spin forever.
    if (!p.appId) return this.show({ kind: 'invalid-app-id' });
    this.show({ kind: 'loading' });
    let app: AppInfo;
    this.appInfoRequest?.abort();
    const request = new AbortController();
    this.appInfoRequest = request;
    try {
      app = await fetchAppInfo(httpOptions(p.apiUrl), p.appId, { signal: request.signal });
    } catch {
      if (generation === this.generation) this.show({ kind: 'invalid-app-id' });
      return;
    }
    if (generation !== this.generation) return;
    this.app = app;
    this.mode = initialMode(this.kind, p.startInRegister);
    if (!hasLinkToActivate(location.search)) this.showHome(app);
    // Only once the form is on screen fetch the flow and the client: they are not needed to show it,
    // and downloading them sooner would compete with it (events raised meanwhile are queued).
    if (this.view.kind === 'identifier') await this.painted();
    if (generation !== this.generation) return;
    const { WidgetController } = await import('./widget-controller');
    if (generation !== this.generation) return;
    const controller = new WidgetController({
      app,
      kind: this.kind,
      appId: p.appId,
      ...(p.apiUrl ? { apiUrl: p.apiUrl } : {}),
      // The mode the visitor may have switched to meanwhile.
      startInRegister: this.mode === 'register',
      defaultCountryCode: () => this.countryCode,
      language: () => this.translator.lang,
      beforeAuth: () => this.props().beforeAuth,
      onSuccess: () => this.props().onSuccess,
      onEvent: () => this.props().onEvent,
      show: (view) => this.show(view),
      emit: this.emit,
    });
    this.controller = controller;
    // The flow holds events raised while it starts and handles them once its first view is up.
    for (const event of this.queued.splice(0)) controller.dispatch(event);
    await controller.start();
    // The app's default_language is known now: the fallback after the lang attribute and the browser.
    await language;
    if (generation === this.generation) await this.loadLanguage();
  }

  private get countryCode(): string {
    return this.props().defaultCountryCode || 'us';
  }

  /**
   * Resolves once the view shown last has rendered and the frame after it has begun (so it was
   * painted), or after 2 s at the latest (a page in a background tab renders no frames).
   */
  private painted(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 2000);
      this.rendered = () =>
        requestAnimationFrame(() => {
          clearTimeout(timer);
          setTimeout(resolve);
        });
    });
  }

  /** The element rendered (its componentDidRender). */
  didRender(): void {
    const rendered = this.rendered;
    this.rendered = undefined;
    rendered?.();
  }

  /** Loads the language of `lang`, the browser and the app; a slower, older load never wins. */
  async loadLanguage(): Promise<void> {
    const request = ++this.languageRequest;
    const browser =
      typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [navigator.language])];
    const translator = await loadTranslator([this.props().lang, ...browser, this.app?.default_language]);
    if (request !== this.languageRequest) return;
    this.translator = translator;
    forceUpdate(this.component);
  }

  stop(): void {
    this.generation++;
    this.appInfoRequest?.abort();
    this.appInfoRequest = undefined;
    this.controller?.stop();
    this.controller = undefined;
    this.stopWatchingTheme?.();
    this.stopWatchingTheme = undefined;
  }

  /** Re-render (theme changed). */
  refresh(): void {
    forceUpdate(this.component);
  }

  /** The identifier form from the app info alone (before the flow has loaded). */
  private showHome(app: AppInfo): void {
    this.show(
      homeView(app, {
        element: this.kind,
        mode: this.mode,
        defaultCountryCode: this.countryCode,
        lastLogin: defaultStorage().getItem(STORAGE_KEYS.lastLogin) ?? undefined,
        conditionalUI: false,
      }),
    );
  }

  private dispatch(event: ViewEvent): void {
    if (this.controller) return this.controller.dispatch(event);
    // Before the flow is there, the form itself answers "Register here" / "Login here" and "switch
    // account" (they only change the form); anything else waits for the flow.
    const view = this.view;
    if (this.app && view.kind === 'identifier') {
      if (event.type === 'toggle-mode' && view.canToggle) {
        this.mode = this.mode === 'login' ? 'register' : 'login';
        return this.showHome(this.app);
      }
      if (event.type === 'switch-account') {
        defaultStorage().removeItem(STORAGE_KEYS.lastLogin);
        return this.showHome(this.app);
      }
    }
    this.queued.push(event);
  }

  render() {
    const theme = resolveThemeMode(this.props().theme, this.systemDark);
    // The default-country-code attribute may change at any time: the form follows it.
    const view: ViewState =
      this.view.kind === 'identifier' ? { ...this.view, defaultCountryCode: this.countryCode } : this.view;
    return renderView(view, {
      t: this.translator,
      theme,
      customization: customizationFor(this.app, theme),
      dispatch: (event) => this.dispatch(event),
      requestRender: () => forceUpdate(this.component),
    });
  }
}
