/**
 * The widget flow as a state machine over `ViewState`: views raise `ViewEvent`s, the flow calls the
 * client through injected ports and decides the next view. No DOM, no fetch.
 *
 * It owns the widget from its first form. What that form needs is here; the steps after it
 * (src/flow/steps) load once the form is on screen, as the client behind its port may, so the
 * first render stays small (docs/performance.md). Until then the form answers what only changes
 * the form itself (the login / register toggle, switch account); anything else waits in the queue.
 */
import type { AppInfo } from '../client/app-info';
import { primarySubtag } from '../i18n/languages';
import { type BrowserFeatures, NO_FEATURES } from './browser-features';
import type { FlowContext, ViewOf } from './flow-context';
import {
  homeView,
  initialMode,
  linkToActivate,
  MAGIC_LINK_PARAM,
  needsPhoneReader,
  VERIFY_LINK_PARAM,
} from './home-view';
import { type HostEventArgs, type HostEventDetails, type HostEventName, STORAGE_KEYS } from './host-events';
import type { FlowOptions } from './ports';
import type { SignInSteps } from './steps/sign-in-steps';
import type { PhoneReader } from './validation/phone-reader';
import type { AuthMode, IdentifierView, ViewEvent, ViewState } from './view-state';

type Listener = (view: ViewState) => void;

export { MAGIC_LINK_PARAM, VERIFY_LINK_PARAM };

let steps: Promise<typeof import('./steps/sign-in-steps')> | undefined;
/** The steps after the identifier form, fetched once for every element of the page. */
const loadSteps = () => (steps ??= import('./steps/sign-in-steps'));

export class AuthFlow {
  private view: ViewState = { kind: 'loading' };
  private readonly listeners = new Set<Listener>();
  private app?: AppInfo;
  private features: BrowserFeatures = NO_FEATURES;
  private phone?: PhoneReader;
  private mode: AuthMode;
  /** Increments on every view change; async work started in an older step is dropped. */
  private step = 0;
  /** Increments on every start and stop: a start that another replaced stops where it is. */
  private run = 0;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private conditional?: AbortController;
  /** Cancels the server calls of the current view when the flow leaves it (see `clearStep`). */
  private calls = new AbortController();
  private steps?: SignInSteps;
  /** Events the steps will handle once they have loaded (the flow's one queue); none after that. */
  private queue: ViewEvent[] | undefined = [];

  constructor(private readonly o: FlowOptions) {
    this.mode = initialMode(o.element, o.startInRegister);
  }

  get state(): ViewState {
    return this.view;
  }

  get appInfo(): AppInfo | undefined {
    return this.app;
  }

  get browserFeatures(): BrowserFeatures {
    return this.features;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Start: the app info and the form it describes; once that is on screen, the browser features,
   * the steps and the phone library, then the form again with passkey autofill (or the
   * activation of the link the page was opened from) and the events queued meanwhile.
   */
  async start(): Promise<void> {
    const run = ++this.run;
    this.steps = undefined;
    this.queue = [];
    this.enter({ kind: 'loading' });
    let app: AppInfo;
    try {
      app = await this.o.client.appInfo(this.callOptions());
    } catch {
      if (run === this.run) {
        this.enter({ kind: 'invalid-app-id' });
        this.queue = undefined;
      }
      return;
    }
    if (run !== this.run) return;
    this.app = app;
    const link = linkToActivate(this.o.page.search());
    if (!link) this.goHome();
    await this.o.page.shown();
    if (run !== this.run) return;
    const [features, { SignInSteps }] = await Promise.all([
      this.o.client.browserFeatures(app).catch(() => NO_FEATURES),
      loadSteps(),
    ]);
    if (needsPhoneReader(app, this.mode)) await this.ensurePhoneReader();
    if (run !== this.run) return;
    this.features = features;
    this.steps = new SignInSteps(this.context());
    this.emit('onLoaded', { app });
    const queued = this.queue ?? [];
    this.queue = undefined;
    // The queued events came from a form this page never shows.
    if (link) return this.steps.activate(link.link, link.token);
    this.goHome();
    for (const event of queued) this.dispatch(event);
  }

  /** Stops timers, polling and conditional UI (the element was removed). */
  stop(): void {
    this.run++;
    this.step++;
    this.clearStep();
  }

  dispatch(event: ViewEvent): void {
    const v = this.view;
    if (v.kind === 'identifier' && event.type === 'toggle-mode')
      return v.canToggle ? this.toggleMode() : undefined;
    if (v.kind === 'identifier' && event.type === 'switch-account') return this.switchAccount();
    if (this.queue) this.queue.push(event);
    else void this.steps?.handle(event);
  }

  // ---- view bookkeeping ----

  /** What the steps see of the flow (src/flow/flow-context.ts). */
  private context(): FlowContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getters below read the live flow
    const flow = this;
    return {
      o: this.o,
      get view() {
        return flow.view;
      },
      get step() {
        return flow.step;
      },
      get app() {
        return flow.app!;
      },
      get features() {
        return flow.features;
      },
      get phone() {
        return flow.phone;
      },
      get language() {
        return primarySubtag(flow.o.language()) || 'en';
      },
      enter: (view) => this.enter(view),
      update: (kind, patch, step) => this.update(kind, patch, step),
      after: (ms, run) => this.after(ms, run),
      callOptions: () => this.callOptions(),
      emit: (name, detail) => this.emit(name, detail),
      log: (message, error) => this.log(message, error),
      goHome: (identifier) => this.goHome(identifier),
      ensurePhoneReader: () => this.ensurePhoneReader(),
    };
  }

  private enter(view: ViewState): void {
    this.step++;
    this.clearStep();
    this.show(view);
  }

  private update<K extends ViewState['kind']>(kind: K, patch: Partial<ViewOf<K>>, step = this.step): void {
    if (step !== this.step || this.view.kind !== kind) return;
    this.show({ ...this.view, ...patch } as ViewState);
  }

  private show(view: ViewState): void {
    this.view = view;
    for (const listener of this.listeners) listener(view);
  }

  private clearStep(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.conditional?.abort();
    this.conditional = undefined;
    // Answers to a view that is gone would be dropped anyway: cancel their requests instead.
    this.calls.abort();
    this.calls = new AbortController();
  }

  private callOptions(): { signal: AbortSignal } {
    return { signal: this.calls.signal };
  }

  private after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private emit<K extends HostEventName>(name: K, detail: HostEventDetails[K]): void {
    try {
      this.o.hooks.onEvent(...([name, detail] as HostEventArgs));
    } catch (error) {
      this.log(`onEvent(${name}) threw`, error);
    }
  }

  private log(message: string, error?: unknown): void {
    (this.o.log ?? ((m, e) => console.warn(`[open-passage] ${m}`, e ?? '')))(message, error);
  }

  private async ensurePhoneReader(): Promise<PhoneReader | undefined> {
    if (!this.phone) {
      try {
        this.phone = await this.o.loadPhoneReader();
      } catch (error) {
        this.log('the phone library failed to load', error);
      }
    }
    return this.phone;
  }

  // ---- home: the identifier form ----

  private goHome(identifier?: string): void {
    const lastLogin = this.o.storage.getItem(STORAGE_KEYS.lastLogin) ?? undefined;
    const conditionalUI = this.mode === 'login' && this.features.isAvailable && this.features.conditionalUI;
    if (this.steps) this.steps.attempt = undefined;
    this.enter(
      homeView(this.app!, {
        element: this.o.element,
        mode: this.mode,
        defaultCountryCode: this.o.defaultCountryCode(),
        lastLogin,
        identifier,
        conditionalUI,
      }),
    );
    if (conditionalUI) this.startConditional();
    // Toggled to register with a phone field: fetch the phone library before Continue needs it
    // (not for the first form: it comes with the steps, after that form is on screen).
    if (this.steps && needsPhoneReader(this.app!, this.mode)) void this.ensurePhoneReader();
  }

  /** Passkey autofill while the login form shows; errors are ignored. */
  private startConditional(): void {
    const controller = new AbortController();
    this.conditional = controller;
    this.o.client.loginConditional(controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) void this.steps?.authSuccess(result);
      },
      () => undefined,
    );
  }

  private toggleMode(): void {
    this.mode = this.mode === 'login' ? 'register' : 'login';
    this.goHome((this.view as IdentifierView).identifier);
  }

  private switchAccount(): void {
    this.o.storage.removeItem(STORAGE_KEYS.lastLogin);
    this.goHome('');
  }
}
