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
import { type BrowserFeatures, NO_FEATURES } from '../client/features';
import type { FlowContext, ViewOf } from './flow-context';
import { homeView, initialMode, linkToActivate, socialOptions } from './home-view';
import { STORAGE_KEYS } from './host-events';
import type { FlowOptions } from './ports';
import type { SocialCallback } from './social';
import type { SignInSteps } from './steps/sign-in-steps';
import type { AuthMode, IdentifierView, Message, ViewEvent, ViewState } from './view-state';

type Listener = (view: ViewState) => void;

let steps: Promise<typeof import('./steps/sign-in-steps')> | undefined;
/** The steps after the identifier form, fetched once for every element of the page. */
const loadSteps = () => (steps ??= import('./steps/sign-in-steps'));

export class AuthFlow {
  private view: ViewState = { kind: 'loading' };
  private readonly listeners = new Set<Listener>();
  private app?: AppInfo;
  private mode: AuthMode;
  /** Increments on every view change; async work started in an older step is dropped. */
  private step = 0;
  /** Increments on every start and stop: a start that another replaced stops where it is. */
  private run = 0;
  /** Cancels the server calls of the current view when the flow leaves it (see `enter`). */
  private calls = new AbortController();
  private steps?: SignInSteps;
  /** Events the steps will handle once they have loaded (the flow's one queue); none after that. */
  private queue: ViewEvent[] | undefined = [];
  /** A social sign-in's failure: the form shows it until the visitor acts. */
  private socialNotice?: Message;

  constructor(private readonly options: FlowOptions) {
    this.mode = initialMode(options.element, options.startInRegister);
  }

  get state(): ViewState {
    return this.view;
  }

  get appInfo(): AppInfo | undefined {
    return this.app;
  }

  get browserFeatures(): BrowserFeatures {
    return this.steps?.features ?? NO_FEATURES;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Start: the app info and the form it describes; once that is on screen, the steps with the
   * browser features and the phone library, then the form again with passkey autofill (or the
   * activation of the link the page was opened from) and the events queued meanwhile.
   */
  async start(): Promise<void> {
    const run = ++this.run;
    this.steps = undefined;
    this.queue = [];
    this.enter({ kind: 'loading' });
    let app: AppInfo;
    try {
      app = await this.options.client.appInfo(this.callOptions());
    } catch (error) {
      // What went wrong is told by a module of its own, fetched only now (./app-problem.ts).
      const view = (await import('./app-problem')).appUnavailableView(error, this.options.target);
      if (run === this.run) {
        this.enter(view);
        this.queue = undefined;
      }
      return;
    }
    if (run !== this.run) return;
    this.app = app;
    const social = await this.socialCallback(app);
    if (run !== this.run) return;
    const link = social ? undefined : linkToActivate(this.options.page.search());
    // A code to exchange: the spinner stays until the steps have finished the sign-in.
    if (!link && social?.kind !== 'code') this.goHome();
    await this.options.page.shown?.();
    if (run !== this.run) return;
    const steps = new (await loadSteps()).SignInSteps(this.context());
    await steps.prepare();
    if (run !== this.run) return;
    this.steps = steps;
    steps.emit('onLoaded', { app });
    const queued = this.queue ?? [];
    this.queue = undefined;
    // The queued events came from a form this page never shows.
    if (link) return steps.activate(link.link, link.token);
    // A refusal, or a state this tab did not send: the stored one is of no more use.
    if (social?.kind === 'error') steps.forgetSocial();
    if (social?.kind === 'code') return steps.finishSocial(social.code, social.connection);
    this.goHome();
    for (const event of queued) this.dispatch(event);
  }

  /** Stops timers, polling and conditional UI (the element was removed). */
  stop(): void {
    this.run++;
    this.step++;
    this.leaveView();
  }

  dispatch(event: ViewEvent): void {
    const v = this.view;
    // Every event is the visitor acting: a social sign-in's failure has been seen.
    this.socialNotice = undefined;
    if (v.kind === 'identifier' && event.type === 'toggle-mode')
      return v.canToggle ? this.toggleMode(event) : undefined;
    if (v.kind === 'identifier' && event.type === 'switch-account') return this.switchAccount();
    // The app info failed (the steps never loaded): Try again asks for it again.
    if (v.kind === 'app-unavailable' && event.type === 'retry') return void this.start();
    if (this.queue) this.queue.push(event);
    else void this.steps?.handle(event);
  }

  // ---- view bookkeeping ----

  /** What the steps see of the flow (src/flow/flow-context.ts). */
  private context(): FlowContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getters below read the live flow
    const flow = this;
    return {
      options: this.options,
      get view() {
        return flow.view;
      },
      get step() {
        return flow.step;
      },
      get app() {
        return flow.app!;
      },
      get mode() {
        return flow.mode;
      },
      enter: (view) => this.enter(view),
      update: (kind, patch, step) => this.update(kind, patch, step),
      callOptions: () => this.callOptions(),
      goHome: (identifier) => this.goHome(identifier),
      socialFailed: (message) => {
        this.socialNotice = message;
        this.goHome();
      },
    };
  }

  private enter(view: ViewState): void {
    this.step++;
    this.leaveView();
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

  private leaveView(): void {
    this.steps?.leaveView();
    // Answers to a view that is gone would be dropped anyway: cancel their requests instead.
    this.calls.abort();
    this.calls = new AbortController();
  }

  private callOptions(): { signal: AbortSignal } {
    return { signal: this.calls.signal };
  }

  /**
   * The social sign-in this page is the callback of, if any (a refusal becomes the form's notice). Only
   * a query with a `state` fetches the module that reads it.
   */
  private async socialCallback(app: AppInfo): Promise<SocialCallback | undefined> {
    if (!/[?&]state=/.test(this.options.page.search())) return undefined;
    const { callback, notice } = await (await import('./social')).readSocialCallback(this.options, app);
    this.socialNotice = notice;
    return callback;
  }

  // ---- home: the identifier form ----

  private goHome(identifier?: string, country?: string): void {
    const conditionalUI = this.steps?.conditionalUI(this.mode) ?? false;
    this.enter(
      homeView(this.app!, {
        element: this.options.element,
        mode: this.mode,
        defaultCountryCode: this.options.defaultCountryCode(),
        pickedCountry: country,
        lastLogin: this.options.storage.getItem(STORAGE_KEYS.lastLogin) ?? undefined,
        identifier,
        conditionalUI,
        social: socialOptions(this.app!),
        ...(this.socialNotice ? { socialError: this.socialNotice } : {}),
      }),
    );
    this.steps?.homeShown(conditionalUI);
  }

  /** The other mode's form keeps what was typed and the picked country. */
  private toggleMode(e: Extract<ViewEvent, { type: 'toggle-mode' }>): void {
    this.mode = this.mode === 'login' ? 'register' : 'login';
    this.goHome(e.identifier ?? (this.view as IdentifierView).identifier, e.country);
  }

  private switchAccount(): void {
    this.options.storage.removeItem(STORAGE_KEYS.lastLogin);
    this.goHome('');
  }
}
