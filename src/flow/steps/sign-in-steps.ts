/**
 * The steps after the identifier form: the identifier check, login or registration, passkeys, the
 * fallback (one-time code or magic link), the add-device offer and AuthSuccess. `AuthFlow` loads
 * this module once its first form is on screen and hands every event to `handle`.
 */
import { PUBLIC_SIGNUP_DISABLED } from '../../contract/error-codes';
import type { Attachment, AuthResult, PublicUser } from '../../client/types';
import { primarySubtag } from '../../i18n/languages';
import { type BrowserFeatures, NO_FEATURES } from '../../client/features';
import {
  afterFallbackSuccess,
  afterUserCreated,
  fallbackMethodOf,
  identityVerificationRequired,
  isCompleteAuthResult,
  lastLoginIdentifier,
  passkeyFailureMessage,
  passkeyLoginVerifiesIdentity,
  routeFallback,
  routeLogin,
} from '../decisions';
import type { FlowContext, ViewOf } from '../flow-context';
import { needsPhoneReader } from '../home-view';
import { type HostEventArgs, type HostEventDetails, type HostEventName, STORAGE_KEYS } from '../host-events';
import type { FlowError } from '../ports';
import { checkIdentifier, INVALID } from '../validation/identifier';
import type { PhoneReader } from '../validation/phone-reader';
import type { AuthMode, IdentifierView, ViewEvent } from '../view-state';
import type { Attempt, SharedSteps } from './attempt';
import { FallbackSteps } from './fallback-steps';
import type { MagicLinkStep } from './magic-link';
import type { OneTimeCodeStep } from './one-time-code';

/** The client gave up waiting for the server (see `timeoutMs` of the client). */
const timedOut = (error: unknown): boolean => (error as FlowError | undefined)?.code === 'timeout';

export class SignInSteps implements SharedSteps {
  attempt?: Attempt;
  features: BrowserFeatures = NO_FEATURES;
  private phone?: PhoneReader;
  private readonly fallbacks: FallbackSteps;
  /** The tokens of a fallback sign-in, held while the add-device screen shows. */
  private pending?: AuthResult;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private conditional?: AbortController;

  constructor(private readonly f: FlowContext) {
    this.fallbacks = new FallbackSteps(f, this);
  }

  /** What the steps need before they take over: the browser's features and the phone library. */
  async prepare(): Promise<void> {
    this.features = await this.f.o.client.browserFeatures(this.f.app).catch(() => NO_FEATURES);
    if (needsPhoneReader(this.f.app, this.f.mode)) await this.ensurePhoneReader();
  }

  // ---- the identifier form (AuthFlow shows it) ----

  /** Passkey autofill is offered on the login form where the browser has it. */
  conditionalUI(mode: AuthMode): boolean {
    return mode === 'login' && this.features.isAvailable && this.features.conditionalUI;
  }

  /** The form is back: start passkey autofill, fetch the phone library if it will be needed. */
  homeShown(conditionalUI: boolean): void {
    this.attempt = undefined;
    if (conditionalUI) this.startConditional();
    // Toggled to register with a phone field: fetch the phone library before Continue needs it.
    if (needsPhoneReader(this.f.app, this.f.mode)) void this.ensurePhoneReader();
  }

  /** Passkey autofill while the login form shows; errors are ignored. */
  private startConditional(): void {
    const controller = new AbortController();
    this.conditional = controller;
    this.f.o.client.loginConditional(controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) void this.authSuccess(result);
      },
      () => undefined,
    );
  }

  /** The view changed: its timers and passkey autofill end with it. */
  leaveView(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.conditional?.abort();
    this.conditional = undefined;
  }

  // ---- tools of every step ----

  get language(): string {
    return primarySubtag(this.f.o.language()) || 'en';
  }

  after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  emit<K extends HostEventName>(name: K, detail: HostEventDetails[K]): void {
    try {
      this.f.o.hooks.onEvent(...([name, detail] as HostEventArgs));
    } catch (error) {
      this.log(`onEvent(${name}) threw`, error);
    }
  }

  log(message: string, error?: unknown): void {
    (this.f.o.log ?? ((m, e) => console.warn(`[open-passage] ${m}`, e ?? '')))(message, error);
  }

  private async ensurePhoneReader(): Promise<PhoneReader | undefined> {
    if (!this.phone) {
      try {
        this.phone = await this.f.o.loadPhoneReader();
      } catch (error) {
        this.log('the phone library failed to load', error);
      }
    }
    return this.phone;
  }

  handle(e: ViewEvent): Promise<void> | void {
    const v = this.f.view;
    switch (v.kind) {
      case 'identifier':
        if (e.type === 'submit-identifier') {
          this.fallbacks.prefetch(this.method);
          return this.submitIdentifier(e);
        }
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
        if (e.type === 'submit-code') return this.fallbacks.code?.submit(e.code);
        if (e.type === 'resend') return this.fallbacks.code?.resend();
        if (e.type === 'back' || e.type === 'change-identifier') return this.changeIdentifier();
        return;
      case 'magic-link-sent':
        if (e.type === 'resend' && !v.resendDisabled) return this.fallbacks.link?.send(true);
        if (e.type === 'change-identifier' || e.type === 'back') return this.fallbacks.link?.leave();
        return;
      case 'add-device':
        if (e.type === 'add-passkey' || e.type === 'retry') return this.addDevice();
        if (e.type === 'skip' && this.pending) return this.authSuccess(this.pending);
        return;
      case 'magic-link-activation':
        if (e.type === 'request-new-link') return this.f.o.page.reloadWithoutQuery();
        if (e.type === 'retry') return this.fallbacks.link?.retryActivation();
        if (e.type === 'redirect-now' && v.status === 'success')
          return this.fallbacks.link?.finishActivation();
        return;
      default:
        return;
    }
  }

  /** The page was opened from a magic link or a verification link. */
  async activate(link: 'login' | 'verify', token: string): Promise<void> {
    return (await this.fallbacks.magicLink()).activate(link, token);
  }

  private get method() {
    return fallbackMethodOf(this.f.app);
  }

  changeIdentifier(): void {
    this.f.goHome(this.attempt?.identifier);
  }

  // ---- the identifier form's Continue ----

  private async submitIdentifier(e: Extract<ViewEvent, { type: 'submit-identifier' }>): Promise<void> {
    const f = this.f;
    const view = f.view as IdentifierView;
    if (view.busy) return;
    const step = f.step;
    const app = f.app;
    const country = e.country ?? f.o.defaultCountryCode();
    f.update('identifier', { busy: true, error: undefined, errorHint: undefined, identifier: e.identifier });
    if (needsPhoneReader(app, view.mode)) await this.ensurePhoneReader();
    const phone = this.phone ? { phone: this.phone } : {};

    let metadata: Record<string, unknown> | undefined;
    if (view.mode === 'register' && view.metadata.length > 0) {
      const input = e.metadata ?? {};
      // Only a registration that asks for more than the identifier needs the checks (fetched now).
      const { checkMetadata } = await import('../validation/metadata');
      const check = checkMetadata(
        view.metadata.map((m) => m.field),
        input,
        { ...phone, country },
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
        return f.update('identifier', { busy: false, metadata: fields }, step);
      f.update('identifier', { metadata: fields }, step);
      metadata = check.values;
    }

    const id = checkIdentifier({ text: e.identifier, allowed: app.allowed_identifier, ...phone, country });
    if (!id.ok) return f.update('identifier', { busy: false, error: { key: id.message } }, step);

    if (f.o.hooks.beforeAuth) {
      let allowed = false;
      try {
        allowed = (await f.o.hooks.beforeAuth(id.identifier)) === true;
      } catch (error) {
        this.log('beforeAuth threw', error);
      }
      if (!allowed) return f.update('identifier', { busy: false }, step);
    }

    let user: PublicUser | null;
    try {
      user = await f.o.client.identifierExists(id.identifier, f.callOptions());
    } catch (error) {
      // A lookup that failed says nothing about the identifier, but the form has always shown its
      // "valid" message then (as Passage's); a server that did not answer in time says so instead.
      const key = timedOut(error) ? 'request-timed-out' : INVALID[app.allowed_identifier];
      return f.update('identifier', { busy: false, error: { key } }, step);
    }
    if (step !== f.step) return;
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

  private async login(user: PublicUser | null, step: number): Promise<void> {
    const view = this.f.view as IdentifierView;
    const type = this.attempt!.identifierType;
    if (!user) {
      const what = type === 'email' ? 'email-capitalized' : 'phone-capitalized';
      const hint = view.canToggle && view.publicSignup ? { errorHint: 'toggle-register' as const } : {};
      return this.f.update(
        'identifier',
        { busy: false, error: { key: 'not-recognized', args: [{ key: what }] }, ...hint },
        step,
      );
    }
    if (user.status === 'inactive')
      return this.f.update('identifier', { busy: false, error: { key: 'account-no-longer-active' } }, step);
    return this.loginUser(user, step);
  }

  private async register(
    user: PublicUser | null,
    metadata: Record<string, unknown> | undefined,
    step: number,
  ): Promise<void> {
    const f = this.f;
    const view = f.view as IdentifierView;
    const attempt = this.attempt!;
    if (user?.status === 'active') {
      const what = attempt.identifierType === 'email' ? 'email' : 'phone-number';
      const hint = view.canToggle ? { errorHint: 'toggle-login' as const } : {};
      return f.update(
        'identifier',
        { busy: false, error: { key: 'account-already-exists', args: [{ key: what }] }, ...hint },
        step,
      );
    }
    if (user?.status === 'inactive')
      return f.update('identifier', { busy: false, error: { key: 'account-no-longer-active' } }, step);
    try {
      await f.o.client.createUser(attempt.identifier, metadata, f.callOptions());
    } catch (error) {
      const { code, message } = error as FlowError;
      const shown =
        code === PUBLIC_SIGNUP_DISABLED
          ? { text: message ?? '' }
          : { key: timedOut(error) ? ('request-timed-out' as const) : ('unexpected-error' as const) };
      return f.update('identifier', { busy: false, error: shown }, step);
    }
    if (step !== f.step) return;
    this.createdUser();
  }

  // ---- CreatedUser / LoginUser ----

  private createdUser(): void {
    const app = this.f.app;
    this.attempt!.verifying = app.require_identifier_verification;
    if (afterUserCreated(app, this.features) === 'register-passkey') return this.enterRegisterPasskey();
    this.fallbackAuth(false);
  }

  private async loginUser(user: PublicUser, step: number): Promise<void> {
    const f = this.f;
    const attempt = this.attempt!;
    attempt.verifying = identityVerificationRequired(f.app, user, attempt.identifierType);
    const credIdKnown = await f.o.client.credIdExists(user.id);
    if (step !== f.step) return;
    const route = routeLogin({
      app: f.app,
      user,
      identifierType: attempt.identifierType,
      features: this.features,
      credIdKnown,
    });
    if (route === 'login-not-supported') return f.enter({ kind: 'login-not-supported' });
    if (route === 'passkey-login') return this.enterPasskeyLogin(passkeyLoginVerifiesIdentity(credIdKnown));
    this.fallbackAuth(false);
  }

  // ---- passkeys ----

  private enterRegisterPasskey(): void {
    const a = this.attempt!;
    this.f.enter({
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
    const f = this.f;
    const step = f.step;
    const a = this.attempt!;
    f.update('register-passkey', { busy: true, error: undefined });
    try {
      const result = await f.o.client.register(a.identifier, attachment, f.callOptions());
      if (step === f.step) await this.authSuccess(result, a.identifier);
    } catch (error) {
      if (step !== f.step) return;
      this.log('passkey registration failed', error);
      const key = passkeyFailureMessage('create', this.method);
      f.update('register-passkey', { busy: false, error: { key } }, step);
    }
  }

  private enterPasskeyLogin(verifyIdentity: boolean): void {
    const a = this.attempt!;
    this.f.enter({
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
    const f = this.f;
    const step = f.step;
    const a = this.attempt!;
    f.update('passkey-login', { busy: true, error: undefined });
    try {
      const result = await f.o.client.login(a.identifier, f.callOptions());
      if (step === f.step) await this.authSuccess(result, a.identifier);
    } catch (error) {
      if (step !== f.step) return;
      const e = error as FlowError;
      if (e.code === 'PSGParsePublicKeyForLoginFailed' || e.statusCode === 702) {
        const key = passkeyFailureMessage('login', this.method);
        return f.update('passkey-login', { busy: false, error: { key } }, step);
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
      void this.enterFallback(this.fallbacks.oneTimeCode(), () =>
        this.emit(a.registering ? 'onOneTimePasscodeRegister' : 'onOneTimePasscodeLogin', detail),
      );
    } else if (route === 'magic-link-sent') {
      void this.enterFallback(this.fallbacks.magicLink(), () =>
        this.emit(a.registering ? 'onMagicLinkRegister' : 'onMagicLinkLogin', detail),
      );
    } else if (route === 'device-not-supported') {
      this.f.enter({ kind: 'device-not-supported' });
    } else {
      this.f.enter({ kind: 'no-fallback', registering: a.registering });
    }
  }

  // ---- FallbackAuthSuccess, add device, AuthSuccess ----

  /** Enters a fallback step once its module is in, unless the flow moved on meanwhile. */
  private async enterFallback(
    loading: Promise<OneTimeCodeStep | MagicLinkStep>,
    entered: () => void,
  ): Promise<void> {
    const step = this.f.step;
    let fallback: OneTimeCodeStep | MagicLinkStep;
    try {
      fallback = await loading;
    } catch (error) {
      this.log('a step failed to load', error);
      return this.f.enter({ kind: 'no-fallback', registering: this.attempt!.registering });
    }
    if (step !== this.f.step) return;
    fallback.enter();
    entered();
  }

  async fallbackAuthSuccess(result: AuthResult): Promise<void> {
    const userInitiated = this.attempt?.userInitiated ?? false;
    if (afterFallbackSuccess(this.features, userInitiated) === 'auth-success')
      return this.authSuccess(result);
    this.pending = result;
    this.f.enter({ kind: 'add-device', busy: false });
  }

  private async addDevice(): Promise<void> {
    const f = this.f;
    const step = f.step;
    if ((f.view as ViewOf<'add-device'>).busy) return;
    f.update('add-device', { busy: true, error: undefined });
    try {
      const device = await f.o.client.addDevice('platform', f.callOptions());
      if (!device?.id) throw new Error('no device id');
      if (step === f.step && this.pending) await this.authSuccess(this.pending);
    } catch (error) {
      if (step !== f.step) return;
      this.log('adding a device failed', error);
      f.update('add-device', { busy: false, error: { key: 'failed-to-add-this-device' } }, step);
    }
  }

  /** AuthSuccess: remember the last login, then hand over to the host's onSuccess. */
  async authSuccess(result: AuthResult, identifier = this.attempt?.identifier): Promise<void> {
    const f = this.f;
    if (!isCompleteAuthResult(result)) return;
    f.enter({ kind: 'success' });
    const allowed = f.app.allowed_identifier;
    let remember = lastLoginIdentifier(allowed, identifier);
    if (!remember) {
      try {
        const user = await f.o.client.currentUserInfo(f.callOptions());
        remember = lastLoginIdentifier(allowed, undefined, user);
      } catch (error) {
        this.log('reading the current user failed', error);
      }
    }
    if (remember) f.o.storage.setItem(STORAGE_KEYS.lastLogin, remember);
    try {
      f.o.hooks.onSuccess(result);
    } catch (error) {
      this.log('onSuccess threw', error);
    }
  }
}
