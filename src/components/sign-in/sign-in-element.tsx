/**
 * What <passage-auth>, <passage-login> and <passage-register> share: the host API (attributes,
 * callbacks, a DOM event per flow event), the `AuthFlow` that owns the widget from its first form,
 * and its wiring as <passage-profile> does it: `@State` for what renders, the shared `LanguageLoader`
 * and `SystemTheme`, the hydration gate. One class, not a chain: Stencil needs the props and events
 * declared on the element or a class it extends, and the three elements differ only in their kind
 * (passage-auth adds `initial-mode`).
 */
import {
  Build,
  Event,
  type EventEmitter,
  forceUpdate,
  getElement,
  h,
  Host,
  Prop,
  State,
  Watch,
} from '@stencil/core';
import { defaultStorage } from '../../client/browser-storage';
import type { AuthResult } from '../../client/types';
import { AuthFlow } from '../../flow/auth-flow';
import { withCountry } from '../../flow/home-view';
import type { IdentifierDetail, LoadedDetail } from '../../flow/host-events';
import type { ViewState } from '../../flow/view-state';
import { english, loadTranslator, type Translator } from '../../i18n';
import { customizationFor } from '../../themes/customization';
import { LanguageLoader } from '../shared/language';
import type { PreviewEventName } from '../shared/preview-request';
import { SystemTheme } from '../shared/system-theme';
import { renderView } from '../views/render-view';
import { signInClient } from './sign-in-client';
import { emitHostEvent } from './host-event-emit';
import type { BeforeAuth, OnEvent, OnSuccess } from './host-api';
import type { HOOK_TAP_KEY, HookName, HookTap } from './hook-event';

/** Which views an element offers: both, sign-in only or registration only. */
export type SignInKind = 'auth' | 'login' | 'register';

/** The default onSuccess (navigate to redirect_url): fetched on success only. */
const navigateToRedirect = (result: AuthResult) =>
  import('./host-api').then((module) => module.navigateToRedirect(result));

/** Loaded only when the app allows phone numbers (keeps libphonenumber out of email-only pages). */
const loadPhoneReader = () => import('../../phone/libphonenumber-reader').then((m) => m.libphonenumberReader);

export abstract class SignInElement {
  /** The app's id on the identity server. */
  @Prop({ reflect: true }) appId!: string;
  /** Base URL of the identity server (`api-url`); defaults to the page's origin. */
  @Prop() apiUrl?: string;
  /** UI language, e.g. `de` or `ar` (right-to-left); the browser's language and then the app's
   * default_language apply when absent. Changes at run time. */
  @Prop() lang = '';
  /** `light`, `dark` or `auto` (follows the system preference live). Any other value shows light. */
  @Prop() theme?: 'light' | 'dark' | 'auto';
  /** ISO 3166 alpha-2 code preselected in the phone country dropdown. */
  @Prop() defaultCountryCode = 'us';
  /** Called with the identifier before signing in; return false to veto. */
  @Prop() beforeAuth?: BeforeAuth;
  /** Called with `{auth_token, redirect_url, …}` on success; the default navigates to redirect_url. */
  @Prop() onSuccess?: OnSuccess;
  /** Called with every flow event (`onLoaded`, `onRegisterDevice`, …) and its detail. */
  @Prop() onEvent?: OnEvent;

  /** The app info loaded (`detail.app`). */
  @Event() loaded!: EventEmitter<LoadedDetail>;
  /** Passkey registration started. */
  @Event() registerDevice!: EventEmitter<IdentifierDetail>;
  /** Passkey login (verify identity) started. */
  @Event() verifyIdentity!: EventEmitter<IdentifierDetail>;
  /** A login magic link is being sent. */
  @Event() magicLinkLogin!: EventEmitter<IdentifierDetail>;
  /** A registration magic link is being sent. */
  @Event() magicLinkRegister!: EventEmitter<IdentifierDetail>;
  /** The magic link was opened (found while polling). */
  @Event() magicLinkActivated!: EventEmitter<AuthResult>;
  /** This page activated a magic link. */
  @Event() magicLinkActivateSuccess!: EventEmitter<AuthResult>;
  /** A login code is being sent. */
  @Event() oneTimePasscodeLogin!: EventEmitter<IdentifierDetail>;
  /** A registration code is being sent. */
  @Event() oneTimePasscodeRegister!: EventEmitter<IdentifierDetail>;
  /** The code was accepted. */
  @Event() oneTimePasscodeActivated!: EventEmitter<AuthResult>;
  /** The code was accepted (after activation). */
  @Event() oneTimePasscodeActivateSuccess!: EventEmitter<AuthResult>;

  /** Which views the element offers. */
  protected abstract signInKind(): SignInKind;

  /** passage-auth: start in register mode. */
  protected startInRegister(): boolean {
    return false;
  }

  // Read and set by the preview hook as well (./preview.ts): a preview stops the flow and shows a view.
  @State() view!: ViewState;
  @State() translator!: Translator;
  flow?: Pick<AuthFlow, 'appInfo' | 'dispatch'>;
  stopFlow?: () => void;

  private readonly systemTheme = new SystemTheme(() => forceUpdate(this));
  private readonly language = new LanguageLoader(loadTranslator, (t) => (this.translator = t));
  /** Resolves the wait for the next render (see `painted`). */
  private rendered?: () => void;
  private hasLoaded = false;
  /** The host arrived with `defer-hydration` (server-rendered): starts wait for the gate from then on. */
  private serverRendered = false;

  componentWillLoad(): Promise<void> | void {
    // Stencil does not apply the initial values of a parent class's @State fields: set them before
    // the first render (a server-rendered host may render before its flow starts).
    this.view ??= { kind: 'loading' };
    this.translator ??= english;
    // On a server (the hydrate app): the first form, awaited so that the page's HTML holds it.
    // (Inline: the browser's build drops this branch whole, a method it would keep.)
    if (!Build.isBrowser)
      return import('./server-view').then(async ({ serverView }) => {
        const first = await serverView({
          appId: this.appId,
          apiUrl: this.apiUrl,
          element: this.signInKind(),
          startInRegister: this.startInRegister(),
          defaultCountryCode: this.countryCode,
          lang: this.lang,
        });
        this.view = first.view;
        this.translator = first.translator;
        this.flow = { appInfo: first.app, dispatch: () => undefined };
      });
    const host = getElement(this);
    // The form a server rendered (a declarative shadow root) makes way for the browser's.
    host.shadowRoot?.replaceChildren();
    this.hasLoaded = true;
    // The preview hook (shared/preview-request.ts): its code is fetched with the first request only.
    host.addEventListener('passage-preview' satisfies PreviewEventName, (event) =>
      import('./preview').then((module) => module.preview(this, (event as CustomEvent).detail)),
    );
    this.restart();
  }

  /** Moved or re-attached: start again (the first start waits for componentWillLoad, when the
   * props a framework sets right after creating the element are in). */
  connectedCallback(): void {
    this.systemTheme.watch();
    if (this.hasLoaded) this.restart();
  }

  // (A wait for hydration outlives a disconnect harmlessly: the gate never starts a disconnected host.)
  disconnectedCallback(): void {
    this.stopFlow?.();
    this.stopFlow = undefined;
    this.systemTheme.stop();
  }

  @Watch('appId')
  @Watch('apiUrl')
  restart(): void {
    // getElement, not @Element(): Stencil does not give an inherited @Element() its host.
    const host = getElement(this);
    // Server-rendered: its framework sets the properties (api-url) first. The code that waits for it
    // is fetched only by such pages (shared/hydration-gate.ts), which starts connected hosts only; a
    // later restart replaces the wait. (A literal, not the gate's constant: importing that would
    // bring its module into the first render.)
    // Once server-rendered, every restart goes through the gate: a direct start beside a wait still
    // loading would start twice, and the second start would wipe what the visitor typed.
    this.serverRendered ||= host.hasAttribute('defer-hydration');
    if (this.serverRendered)
      void import('../shared/hydration-gate').then((gate) => gate.whenHydrated(host, () => this.start()));
    else if (host.isConnected) void this.start();
  }

  @Watch('lang')
  loadLanguage(): Promise<void> {
    return this.language.load(this.lang, this.flow?.appInfo?.default_language);
  }

  componentDidRender(): void {
    const rendered = this.rendered;
    this.rendered = undefined;
    rendered?.();
  }

  /** (Re)starts: on connect and whenever app-id or api-url change. */
  private async start(): Promise<void> {
    this.stopFlow?.();
    const flow = this.createFlow();
    const unsubscribe = flow.subscribe((view) => (this.view = view));
    this.flow = flow;
    this.stopFlow = () => {
      unsubscribe();
      flow.stop();
    };
    const language = this.loadLanguage();
    await flow.start();
    // The app's default_language is known now: the fallback after the lang attribute and the browser.
    await language;
    if (this.flow === flow) await this.loadLanguage();
  }

  private createFlow(): AuthFlow {
    return new AuthFlow({
      element: this.signInKind(),
      startInRegister: this.startInRegister(),
      defaultCountryCode: () => this.countryCode,
      language: () => this.translator.lang,
      loadPhoneReader,
      client: signInClient(this.appId, this.apiUrl),
      target: { appId: this.appId, apiUrl: this.apiUrl, pageOrigin: location.origin },
      storage: defaultStorage(),
      page: {
        search: () => location.search,
        magicLinkPath: () => location.pathname + location.search + location.hash,
        reloadWithoutQuery: () => location.assign(location.pathname + location.hash),
        href: () => location.origin + location.pathname + location.search,
        navigate: (url) =>
          new Promise<void>((back) => {
            addEventListener('pageshow', () => back(), { once: true });
            location.assign(url);
          }),
        removeParams: (names) => {
          const url = new URL(location.href);
          for (const name of names) url.searchParams.delete(name);
          history.replaceState(history.state, '', url);
        },
        // Only the form is worth waiting for: the rest must not compete with its first paint.
        shown: async () => {
          if (this.view.kind === 'identifier') await this.painted();
        },
      },
      hooks: {
        beforeAuth: (identifier) =>
          this.callHook('beforeAuth', [identifier], () => true) as ReturnType<BeforeAuth>,
        onSuccess: (result) => void this.callHook('onSuccess', [result], navigateToRedirect),
        onEvent: (...event) => {
          emitHostEvent(this, ...event);
          this.callHook('onEvent', event);
        },
      },
    });
  }

  /**
   * Calls a host callback (or its default), shown first to the development tool that opted in
   * (./hook-event.ts: the debug panel's log), and to nothing else: the arguments hold tokens.
   */
  private callHook(name: HookName, args: unknown[], fallback?: (...args: never[]) => unknown): unknown {
    // Written out, not `hookTapOf(…)`: the app's bundler (Vite) keeps a function call, this is shorter.
    (getElement(this) as unknown as Record<symbol, HookTap | undefined>)[
      Symbol.for('passage.debug' satisfies typeof HOOK_TAP_KEY)
    ]?.(name, args);
    return ((this[name] ?? fallback) as ((...args: unknown[]) => unknown) | undefined)?.(...args);
  }

  private get countryCode(): string {
    return this.defaultCountryCode || 'us';
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

  render() {
    const theme = this.systemTheme.mode(this.theme);
    const view: ViewState =
      this.view.kind === 'identifier' ? withCountry(this.view, this.countryCode) : this.view;
    return (
      <Host>
        {renderView(view, {
          t: this.translator,
          theme,
          customization: customizationFor(this.flow?.appInfo, theme),
          flow: this.flow ?? { dispatch: () => undefined },
          requestRender: () => forceUpdate(this),
        })}
      </Host>
    );
  }
}
