/**
 * The widget flow as a state machine over `ViewState`: views raise `ViewEvent`s, the flow
 * calls the client through injected ports and decides the next view. No DOM, no fetch.
 */
import type { AppInfo } from '../client/app-info';
import { PUBLIC_SIGNUP_DISABLED } from '../contract/error-codes';
import type { Attachment, AuthResult, PublicUser } from '../client/types';
import { type BrowserFeatures, NO_FEATURES } from './browser-features';
import {
  afterFallbackSuccess,
  afterUserCreated,
  fallbackMethodOf,
  identityVerificationRequired,
  isCompleteAuthResult,
  lastLoginIdentifier,
  needsPhoneReader,
  passkeyFailureMessage,
  passkeyLoginVerifiesIdentity,
  routeFallback,
  routeLogin,
} from './decisions';
import { homeView, initialMode, MAGIC_LINK_PARAM, VERIFY_LINK_PARAM } from './home-view';
import {
  type HostEventArgs,
  type HostEventDetails,
  type HostEventName,
  STORAGE_KEYS,
  TIMING,
} from './host-events';
import { primarySubtag } from '../i18n/languages';
import type { FlowError, FlowOptions } from './ports';
import { codeProblem } from './validation/code';
import { checkIdentifier, INVALID } from './validation/identifier';
import { checkMetadata } from './validation/metadata';
import type { PhoneReader } from './validation/phone-reader';
import type { AuthMode, IdentifierType, IdentifierView, ViewEvent, ViewState } from './view-state';

/** The sign-in in progress once an identifier was accepted. */
interface Attempt {
  identifier: string;
  identifierType: IdentifierType;
  registering: boolean;
  userInitiated: boolean;
  /** Identity verification is what the fallback is for (magic-link "Verify your …" title). */
  verifying: boolean;
}

type Listener = (view: ViewState) => void;

/** The client gave up waiting for the server (see `timeoutMs` of the client). */
const timedOut = (error: unknown): boolean => (error as FlowError | undefined)?.code === 'timeout';
type ViewOf<K extends ViewState['kind']> = Extract<ViewState, { kind: K }>;

export { MAGIC_LINK_PARAM, VERIFY_LINK_PARAM };

export class AuthFlow {
  private view: ViewState = { kind: 'loading' };
  private readonly listeners = new Set<Listener>();
  private app?: AppInfo;
  private features: BrowserFeatures = NO_FEATURES;
  private phone?: PhoneReader;
  private mode: AuthMode;
  private attempt?: Attempt;
  /** Increments on every view change; async work started in an older step is dropped. */
  private step = 0;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private conditional?: AbortController;
  /** Cancels the server calls of the current view when the flow leaves it (see `clearStep`). */
  private calls = new AbortController();
  private otpId?: string;
  /** A full code entered (autofilled) while the code was still being sent: submitted once it is. */
  private codeBeforeSend?: string;
  private pollingId?: string;
  /** The tokens of a fallback sign-in, held while the add-device screen shows. */
  private pending?: AuthResult;
  private activation?: { link: 'login' | 'verify'; token: string; result?: AuthResult };
  /** Events raised before start() has shown its first view (the element's early form): handled
   * once it has, instead of being dropped while the flow is still loading. */
  private early: ViewEvent[] | undefined = [];

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

  /** Start: app info, browser features, then magic-link activation or the home view. */
  async start(): Promise<void> {
    // With the app preloaded the element already shows the form: no spinner in between.
    if (this.o.app) this.step++;
    else this.enter({ kind: 'loading' });
    const step = this.step;
    let app: AppInfo;
    try {
      app = this.o.app ?? (await this.o.client.appInfo(this.callOptions()));
    } catch {
      if (step === this.step) this.enter({ kind: 'invalid-app-id' });
      this.early = undefined;
      return;
    }
    if (step !== this.step) return;
    this.app = app;
    this.features = await this.o.client.browserFeatures(app).catch(() => NO_FEATURES);
    if (needsPhoneReader(app, this.mode)) await this.ensurePhoneReader();
    if (step !== this.step) return;
    this.emit('onLoaded', { app });
    const params = new URLSearchParams(this.o.page.search());
    const login = params.get(MAGIC_LINK_PARAM);
    const verify = params.get(VERIFY_LINK_PARAM);
    if (login || verify) {
      // The early events came from a form this page never shows.
      this.early = undefined;
      return login ? this.activate('login', login) : this.activate('verify', verify!);
    }
    this.goHome();
    const early = this.early ?? [];
    this.early = undefined;
    for (const event of early) this.dispatch(event);
  }

  /** Stops timers, polling and conditional UI (the element was removed). */
  stop(): void {
    this.step++;
    this.clearStep();
  }

  dispatch(event: ViewEvent): void {
    if (this.early) this.early.push(event);
    else void this.handle(event);
  }

  private async handle(e: ViewEvent): Promise<void> {
    const v = this.view;
    switch (v.kind) {
      case 'identifier':
        if (e.type === 'submit-identifier') return this.submitIdentifier(e);
        if (e.type === 'toggle-mode' && v.canToggle) return this.toggleMode();
        if (e.type === 'switch-account') return this.switchAccount();
        return;
      case 'register-passkey':
        if (e.type === 'create-passkey' || e.type === 'retry')
          return this.runRegister(e.type === 'create-passkey' ? e.attachment : undefined);
        if (e.type === 'use-fallback') return this.fallbackAuth(true);
        if (e.type === 'change-identifier') return this.changeIdentifier();
        return;
      case 'passkey-login':
        if (e.type === 'retry') return this.runLogin();
        if (e.type === 'use-fallback') return this.fallbackAuth(true);
        if (e.type === 'change-identifier') return this.changeIdentifier();
        return;
      case 'one-time-code':
        if (e.type === 'submit-code') return this.submitCode(e.code);
        if (e.type === 'resend') return this.resendCode();
        if (e.type === 'back' || e.type === 'change-identifier') return this.changeIdentifier();
        return;
      case 'magic-link-sent':
        if (e.type === 'resend' && !v.resendDisabled) return this.sendLink(true);
        if (e.type === 'change-identifier' || e.type === 'back') return this.leaveMagicLink();
        return;
      case 'add-device':
        if (e.type === 'add-passkey' || e.type === 'retry') return this.addDevice();
        if (e.type === 'skip' && this.pending) return this.authSuccess(this.pending);
        return;
      case 'magic-link-activation':
        if (e.type === 'request-new-link') return this.o.page.reloadWithoutQuery();
        if (e.type === 'retry' && this.activation)
          return this.activate(this.activation.link, this.activation.token);
        if (e.type === 'redirect-now' && v.status === 'success') return this.finishActivation();
        return;
      default:
        return;
    }
  }

  // ---- view bookkeeping ----

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

  /** The options of a server call made in the current view: it is cancelled when the view goes. */
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

  private get language(): string {
    return primarySubtag(this.o.language()) || 'en';
  }

  private get method() {
    return fallbackMethodOf(this.app!);
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
    this.attempt = undefined;
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
    // Toggled to register with a phone field: fetch the phone library before Continue needs it.
    if (needsPhoneReader(this.app!, this.mode)) void this.ensurePhoneReader();
  }

  /** Passkey autofill while the login form shows; errors are ignored. */
  private startConditional(): void {
    const controller = new AbortController();
    this.conditional = controller;
    this.o.client.loginConditional(controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) void this.authSuccess(result);
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

  private changeIdentifier(): void {
    this.goHome(this.attempt?.identifier);
  }

  private async submitIdentifier(e: Extract<ViewEvent, { type: 'submit-identifier' }>): Promise<void> {
    const view = this.view as IdentifierView;
    if (view.busy) return;
    const step = this.step;
    const app = this.app!;
    const country = e.country ?? this.o.defaultCountryCode();
    this.update('identifier', {
      busy: true,
      error: undefined,
      errorHint: undefined,
      identifier: e.identifier,
    });
    if (needsPhoneReader(app, view.mode)) await this.ensurePhoneReader();

    let metadata: Record<string, unknown> | undefined;
    if (view.mode === 'register' && view.metadata.length > 0) {
      const input = e.metadata ?? {};
      const check = checkMetadata(
        view.metadata.map((m) => m.field),
        input,
        { ...(this.phone ? { phone: this.phone } : {}), country },
      );
      const fields = view.metadata.map(({ field, layout }) => {
        const error = check.errors[field.field_name];
        const value = input[field.field_name];
        return {
          field,
          ...(layout ? { layout } : {}),
          ...(value !== undefined ? { value } : {}),
          ...(error ? { error: { key: error } } : {}),
        };
      });
      if (Object.keys(check.errors).length > 0)
        return this.update('identifier', { busy: false, metadata: fields }, step);
      this.update('identifier', { metadata: fields }, step);
      metadata = check.values;
    }

    const id = checkIdentifier({
      text: e.identifier,
      allowed: app.allowed_identifier,
      ...(this.phone ? { phone: this.phone } : {}),
      country,
    });
    if (!id.ok) return this.update('identifier', { busy: false, error: { key: id.message } }, step);

    if (this.o.hooks.beforeAuth) {
      let allowed = false;
      try {
        allowed = (await this.o.hooks.beforeAuth(id.identifier)) === true;
      } catch (error) {
        this.log('beforeAuth threw', error);
      }
      if (!allowed) return this.update('identifier', { busy: false }, step);
    }

    let user: PublicUser | null;
    try {
      user = await this.o.client.identifierExists(id.identifier, this.callOptions());
    } catch (error) {
      // A lookup that failed says nothing about the identifier, but the form has always shown its
      // "valid" message then (as Passage's); a server that did not answer in time says so instead.
      const key = timedOut(error) ? 'request-timed-out' : INVALID[app.allowed_identifier];
      return this.update('identifier', { busy: false, error: { key } }, step);
    }
    if (step !== this.step) return;
    const registering = view.mode === 'register';
    this.attempt = {
      identifier: id.identifier,
      identifierType: id.type,
      registering,
      userInitiated: false,
      verifying: false,
    };
    if (registering) return this.register(user, metadata, step);
    return this.login(user, step);
  }

  private login(user: PublicUser | null, step: number): void {
    const view = this.view as IdentifierView;
    const type = this.attempt!.identifierType;
    if (!user) {
      const what = type === 'email' ? 'email-capitalized' : 'phone-capitalized';
      const hint = view.canToggle && view.publicSignup ? { errorHint: 'toggle-register' as const } : {};
      return this.update(
        'identifier',
        { busy: false, error: { key: 'not-recognized', args: [{ key: what }] }, ...hint },
        step,
      );
    }
    if (user.status === 'inactive')
      return this.update('identifier', { busy: false, error: { key: 'account-no-longer-active' } }, step);
    this.loginUser(user);
  }

  private async register(
    user: PublicUser | null,
    metadata: Record<string, unknown> | undefined,
    step: number,
  ): Promise<void> {
    const view = this.view as IdentifierView;
    const attempt = this.attempt!;
    if (user?.status === 'active') {
      const what = attempt.identifierType === 'email' ? 'email' : 'phone-number';
      const hint = view.canToggle ? { errorHint: 'toggle-login' as const } : {};
      return this.update(
        'identifier',
        { busy: false, error: { key: 'account-already-exists', args: [{ key: what }] }, ...hint },
        step,
      );
    }
    if (user?.status === 'inactive')
      return this.update('identifier', { busy: false, error: { key: 'account-no-longer-active' } }, step);
    let created: PublicUser;
    try {
      created = await this.o.client.createUser(attempt.identifier, metadata, this.callOptions());
    } catch (error) {
      const { code, message } = error as FlowError;
      const shown =
        code === PUBLIC_SIGNUP_DISABLED
          ? { text: message ?? '' }
          : { key: timedOut(error) ? ('request-timed-out' as const) : ('unexpected-error' as const) };
      return this.update('identifier', { busy: false, error: shown }, step);
    }
    if (step !== this.step) return;
    this.createdUser(created);
  }

  // ---- CreatedUser / LoginUser ----

  private createdUser(_user: PublicUser): void {
    const attempt = this.attempt!;
    attempt.verifying = this.app!.require_identifier_verification;
    if (afterUserCreated(this.app!, this.features) === 'register-passkey') return this.enterRegisterPasskey();
    this.fallbackAuth(false);
  }

  private loginUser(user: PublicUser): void {
    const attempt = this.attempt!;
    const app = this.app!;
    attempt.verifying = identityVerificationRequired(app, user, attempt.identifierType);
    const credIdKnown = this.o.client.credIdExists(user.id);
    const route = routeLogin({
      app,
      user,
      identifierType: attempt.identifierType,
      features: this.features,
      credIdKnown,
    });
    if (route === 'login-not-supported') return this.enter({ kind: 'login-not-supported' });
    if (route === 'passkey-login') return this.enterPasskeyLogin(passkeyLoginVerifiesIdentity(credIdKnown));
    this.fallbackAuth(false);
  }

  // ---- passkeys ----

  private enterRegisterPasskey(): void {
    const a = this.attempt!;
    this.enter({
      kind: 'register-passkey',
      identifier: a.identifier,
      identifierType: a.identifierType,
      fallbackMethod: this.method,
      busy: false,
    });
    this.emit('onRegisterDevice', { identifier: a.identifier });
    void this.runRegister();
  }

  private async runRegister(attachment: Attachment = 'platform'): Promise<void> {
    const step = this.step;
    const a = this.attempt!;
    this.update('register-passkey', { busy: true, error: undefined });
    try {
      const result = await this.o.client.register(a.identifier, attachment, this.callOptions());
      if (step === this.step) await this.authSuccess(result, a.identifier);
    } catch (error) {
      if (step !== this.step) return;
      this.log('passkey registration failed', error);
      this.update(
        'register-passkey',
        { busy: false, error: { key: passkeyFailureMessage('create', this.method) } },
        step,
      );
    }
  }

  private enterPasskeyLogin(verifyIdentity: boolean): void {
    const a = this.attempt!;
    this.enter({
      kind: 'passkey-login',
      identifier: a.identifier,
      identifierType: a.identifierType,
      fallbackMethod: this.method,
      busy: false,
      verifyIdentity,
    });
    this.emit('onVerifyIdentity', { identifier: a.identifier });
    void this.runLogin();
  }

  private async runLogin(): Promise<void> {
    const step = this.step;
    const a = this.attempt!;
    this.update('passkey-login', { busy: true, error: undefined });
    try {
      const result = await this.o.client.login(a.identifier, this.callOptions());
      if (step === this.step) await this.authSuccess(result, a.identifier);
    } catch (error) {
      if (step !== this.step) return;
      const e = error as FlowError;
      if (e.code === 'PSGParsePublicKeyForLoginFailed' || e.statusCode === 702) {
        return this.update(
          'passkey-login',
          { busy: false, error: { key: passkeyFailureMessage('login', this.method) } },
          step,
        );
      }
      this.fallbackAuth(false);
    }
  }

  // ---- FallbackAuth ----

  private fallbackAuth(userInitiated: boolean): void {
    const a = this.attempt!;
    a.userInitiated = userInitiated;
    const route = routeFallback(this.method, a.registering, this.features);
    const detail = { identifier: a.identifier };
    if (route === 'one-time-code') {
      this.enterOneTimeCode();
      this.emit(a.registering ? 'onOneTimePasscodeRegister' : 'onOneTimePasscodeLogin', detail);
    } else if (route === 'magic-link-sent') {
      this.enterMagicLink();
      this.emit(a.registering ? 'onMagicLinkRegister' : 'onMagicLinkLogin', detail);
    } else if (route === 'device-not-supported') {
      this.enter({ kind: 'device-not-supported' });
    } else {
      this.enter({ kind: 'no-fallback', registering: a.registering });
    }
  }

  // ---- one-time code ----

  private enterOneTimeCode(): void {
    const a = this.attempt!;
    this.otpId = undefined;
    this.codeBeforeSend = undefined;
    this.enter({
      kind: 'one-time-code',
      identifier: a.identifier,
      identifierType: a.identifierType,
      registering: a.registering,
      sending: true,
      verifying: false,
      codeInvalid: false,
      attempt: 0,
    });
    void this.sendCode();
  }

  private async sendCode(): Promise<void> {
    const step = this.step;
    const a = this.attempt!;
    this.update('one-time-code', { sending: true, error: undefined, codeInvalid: false });
    try {
      const send = a.registering
        ? this.o.client.newRegisterOneTimePasscode
        : this.o.client.newLoginOneTimePasscode;
      const { otp_id } = await send.call(this.o.client, a.identifier, this.language, this.callOptions());
      if (step !== this.step) return;
      this.otpId = otp_id;
      this.o.storage.setItem(STORAGE_KEYS.otpId, otp_id);
      this.update('one-time-code', { sending: false }, step);
      const early = this.codeBeforeSend;
      this.codeBeforeSend = undefined;
      if (early !== undefined) await this.submitCode(early);
    } catch (error) {
      if (step !== this.step) return;
      this.codeBeforeSend = undefined;
      this.log('sending the code failed', error);
      this.update('one-time-code', { sending: false, error: { key: 'code-send-error' } }, step);
    }
  }

  private resendCode(): void {
    const v = this.view as ViewOf<'one-time-code'>;
    if (v.sending) return;
    this.update('one-time-code', { attempt: v.attempt + 1 });
    void this.sendCode();
  }

  private async submitCode(code: string): Promise<void> {
    const v = this.view as ViewOf<'one-time-code'>;
    if (v.verifying) return;
    const step = this.step;
    // A code that arrives before its otp_id (autofill is quick) waits for the send to finish.
    if (!this.otpId && v.sending && !codeProblem(code, 'pending')) {
      this.codeBeforeSend = code;
      return;
    }
    const problem = codeProblem(code, this.otpId);
    if (problem) {
      this.log(problem);
      return this.update('one-time-code', { error: { key: 'code-invalid-or-expired' }, codeInvalid: true });
    }
    this.update('one-time-code', { verifying: true, error: undefined, codeInvalid: false });
    try {
      const result = await this.o.client.oneTimePasscodeActivate(code, this.otpId!, this.callOptions());
      if (step !== this.step) return;
      if (!result.redirect_url) throw new Error('no redirect_url');
      this.o.storage.removeItem(STORAGE_KEYS.otpId);
      this.emit('onOneTimePasscodeActivated', result);
      this.emit('onOneTimePasscodeActivateSuccess', result);
      await this.fallbackAuthSuccess(result);
    } catch {
      this.update(
        'one-time-code',
        { verifying: false, error: { key: 'code-invalid-or-expired' }, codeInvalid: true },
        step,
      );
    }
  }

  // ---- magic link waiting ----

  private enterMagicLink(): void {
    const a = this.attempt!;
    this.pollingId = undefined;
    this.enter({
      kind: 'magic-link-sent',
      identifier: a.identifier,
      identifierType: a.identifierType,
      registering: a.registering,
      verifying: a.verifying,
      resendDisabled: true,
    });
    if (a.registering) this.after(TIMING.registerSendDelayMs, () => void this.sendLink());
    else void this.sendLink();
  }

  private async sendLink(resend = false): Promise<void> {
    const step = this.step;
    const a = this.attempt!;
    this.update('magic-link-sent', { resendDisabled: true });
    try {
      const send = a.registering ? this.o.client.newRegisterMagicLink : this.o.client.newLoginMagicLink;
      const path = this.o.page.magicLinkPath();
      const { id } = await send.call(this.o.client, a.identifier, this.language, path, this.callOptions());
      if (step !== this.step) return;
      this.o.storage.setItem(STORAGE_KEYS.magicLinkId, id);
      this.startPolling(id);
      if (resend) {
        const v = this.view as ViewOf<'magic-link-sent'>;
        this.update('magic-link-sent', { resent: (v.resent ?? 0) + 1 }, step);
      }
    } catch (error) {
      if (step !== this.step) return;
      this.log('sending the magic link failed', error);
    }
    if (step !== this.step) return;
    if (a.registering) this.update('magic-link-sent', { resendDisabled: false }, step);
    else
      this.after(TIMING.loginResendLockMs, () =>
        this.update('magic-link-sent', { resendDisabled: false }, step),
      );
  }

  private startPolling(id: string): void {
    this.pollingId = id;
    this.o.storage.setItem(STORAGE_KEYS.waitCount, '0');
    this.schedulePoll(id, 0);
  }

  private schedulePoll(id: string, count: number): void {
    if (count >= TIMING.maxPolls) return;
    this.after(TIMING.pollIntervalMs, () => void this.poll(id, count + 1));
  }

  private async poll(id: string, count: number): Promise<void> {
    if (id !== this.pollingId) return;
    const step = this.step;
    this.o.storage.setItem(STORAGE_KEYS.waitCount, String(count));
    try {
      const result = await this.o.client.getMagicLinkStatus(id, this.callOptions());
      if (step !== this.step || id !== this.pollingId) return;
      if (result.redirect_url) {
        this.clearMagicLinkStorage();
        this.pollingId = undefined;
        this.emit('onMagicLinkActivated', result);
        return this.fallbackAuthSuccess(result);
      }
    } catch {
      // not activated yet: keep polling
    }
    if (step === this.step && id === this.pollingId) this.schedulePoll(id, count);
  }

  private clearMagicLinkStorage(): void {
    this.o.storage.removeItem(STORAGE_KEYS.magicLinkId);
    this.o.storage.removeItem(STORAGE_KEYS.waitCount);
  }

  private leaveMagicLink(): void {
    this.o.storage.removeItem(STORAGE_KEYS.email);
    this.clearMagicLinkStorage();
    this.pollingId = undefined;
    this.changeIdentifier();
  }

  // ---- magic-link activation (?psg_magic_link / ?psg_verify_link) ----

  private async activate(link: 'login' | 'verify', token: string): Promise<void> {
    this.activation = { link, token };
    this.enter({ kind: 'magic-link-activation', link, status: 'loading' });
    const step = this.step;
    try {
      const result = await this.o.client.magicLinkActivate(token, this.callOptions());
      if (step !== this.step) return;
      this.activation.result = result;
      this.update('magic-link-activation', { status: 'success' }, step);
      this.emit('onMagicLinkActivateSuccess', result);
      const hold = !(link === 'verify' && this.features.isAvailable && this.features.platform);
      if (hold) this.after(TIMING.successHoldMs, () => void this.finishActivation());
      else await this.finishActivation();
    } catch (error) {
      const status = (error as FlowError).statusCode === 404 ? 'invalid' : 'failure';
      this.update('magic-link-activation', { status }, step);
    }
  }

  private async finishActivation(): Promise<void> {
    const activation = this.activation;
    if (!activation?.result || this.view.kind !== 'magic-link-activation') return;
    if (activation.link === 'verify') return this.authSuccess(activation.result);
    return this.fallbackAuthSuccess(activation.result);
  }

  // ---- FallbackAuthSuccess, add device, AuthSuccess ----

  private async fallbackAuthSuccess(result: AuthResult): Promise<void> {
    const userInitiated = this.attempt?.userInitiated ?? false;
    if (afterFallbackSuccess(this.features, userInitiated) === 'auth-success')
      return this.authSuccess(result);
    this.pending = result;
    this.enter({ kind: 'add-device', busy: false });
  }

  private async addDevice(): Promise<void> {
    const step = this.step;
    if ((this.view as ViewOf<'add-device'>).busy) return;
    this.update('add-device', { busy: true, error: undefined });
    try {
      const device = await this.o.client.addDevice('platform', this.callOptions());
      if (!device?.id) throw new Error('no device id');
      if (step === this.step && this.pending) await this.authSuccess(this.pending);
    } catch (error) {
      if (step !== this.step) return;
      this.log('adding a device failed', error);
      this.update('add-device', { busy: false, error: { key: 'failed-to-add-this-device' } }, step);
    }
  }

  /** AuthSuccess: remember the last login, then hand over to the host's onSuccess. */
  private async authSuccess(result: AuthResult, identifier = this.attempt?.identifier): Promise<void> {
    if (!isCompleteAuthResult(result)) return;
    this.enter({ kind: 'success' });
    const allowed = this.app!.allowed_identifier;
    let remember = lastLoginIdentifier(allowed, identifier);
    if (!remember) {
      try {
        const user = await this.o.client.currentUserInfo(this.callOptions());
        remember = lastLoginIdentifier(allowed, undefined, user);
      } catch (error) {
        this.log('reading the current user failed', error);
      }
    }
    if (remember) this.o.storage.setItem(STORAGE_KEYS.lastLogin, remember);
    try {
      this.o.hooks.onSuccess(result);
    } catch (error) {
      this.log('onSuccess threw', error);
    }
  }
}
