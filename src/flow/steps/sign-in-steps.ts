/**
 * The steps after the identifier form: the identifier check, login or registration, passkeys, the
 * fallback (one-time code or magic link), the add-device offer and AuthSuccess. `AuthFlow` loads
 * this module once its first form is on screen and hands every event to `handle`.
 */
import type { AuthResult, PublicUser } from '../../client/types';
import { primarySubtag } from '../../i18n/languages';
import { type BrowserFeatures, NO_FEATURES } from '../../client/features';
import {
  afterFallbackSuccess,
  afterUserCreated,
  fallbackMethodOf,
  identityVerificationRequired,
  isCompleteAuthResult,
  lastLoginIdentifier,
  passkeyLoginVerifiesIdentity,
  PROMPT_CLOSED,
  promptDismissed,
  routeFallback,
  routeLogin,
} from '../decisions';
import type { FlowContext, ViewOf } from '../flow-context';
import { needsPhoneReader } from '../home-view';
import { type HostEventArgs, type HostEventDetails, type HostEventName, STORAGE_KEYS } from '../host-events';
import type { PassageClientCalls } from '../ports';
import { checkIdentifier, INVALID } from '../validation/identifier';
import type { PhoneReader } from '../validation/phone-reader';
import type { AuthMode, FlowMessageKey, IdentifierView, Message, ViewEvent } from '../view-state';
import type { Attempt } from './attempt';
import { FallbackSteps } from './fallback-steps';
import type { MagicLinkStep } from './magic-link';
import type { OneTimeCodeStep } from './one-time-code';
import type { PasskeyHost, PasskeySteps } from './passkey-steps';
/** Social sign-in's steps: fetched when a provider button is pressed or a callback brought a code. */
const socialSteps = () => import('./social-steps');

export class SignInSteps implements PasskeyHost {
  /** The sign-in in progress, once an identifier was accepted. */
  private inProgress?: Attempt;
  features: BrowserFeatures = NO_FEATURES;
  private phone?: PhoneReader;
  private readonly fallbacks: FallbackSteps;
  /** The passkey steps, once their module is in (it is fetched as an identifier is submitted). */
  private passkeys?: PasskeySteps;
  private passkeyLoad?: Promise<PasskeySteps>;
  /** The tokens of a fallback sign-in, held while the add-device screen shows. */
  private pending?: AuthResult;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private conditional?: AbortController;

  constructor(private readonly flow: FlowContext) {
    this.fallbacks = new FallbackSteps(flow, this);
  }

  /** What the steps need before they take over: the browser's features and the phone library. */
  async prepare(): Promise<void> {
    this.features = await this.flow.options.client.browserFeatures(this.flow.app).catch(() => NO_FEATURES);
    if (needsPhoneReader(this.flow.app, this.flow.mode)) await this.ensurePhoneReader();
  }

  // ---- the identifier form (AuthFlow shows it) ----

  /** Passkey autofill is offered on the login form where the browser has it. */
  conditionalUI(mode: AuthMode): boolean {
    return mode === 'login' && this.features.isAvailable && this.features.conditionalUI;
  }

  /** The form is back: start passkey autofill, fetch the phone library if it will be needed. */
  homeShown(conditionalUI: boolean): void {
    this.inProgress = undefined;
    if (conditionalUI) this.startConditional();
    // Toggled to register with a phone field: fetch the phone library before Continue needs it.
    if (needsPhoneReader(this.flow.app, this.flow.mode)) void this.ensurePhoneReader();
  }

  /** Passkey autofill while the login form shows; errors are ignored. */
  private startConditional(): void {
    const controller = new AbortController();
    this.conditional = controller;
    this.flow.options.client.loginConditional(controller.signal).then(
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

  get attempt(): Attempt {
    if (!this.inProgress) throw new Error('no sign-in in progress');
    return this.inProgress;
  }

  /** PassageClient for the calls after the form (fetched on the first, src/client/passage-client.ts). */
  passageClient(): Promise<PassageClientCalls> {
    return this.flow.options.client.passageClient();
  }

  get language(): string {
    return primarySubtag(this.flow.options.language()) || 'en';
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
      this.flow.options.hooks.onEvent(...([name, detail] as HostEventArgs));
    } catch (error) {
      this.log(`onEvent(${name}) threw`, error);
    }
  }

  log(message: string, error?: unknown): void {
    (this.flow.options.log ?? ((m, e) => console.warn(`[open-passage] ${m}`, e ?? '')))(message, error);
  }

  private async ensurePhoneReader(): Promise<PhoneReader | undefined> {
    if (!this.phone) {
      try {
        this.phone = await this.flow.options.loadPhoneReader();
      } catch (error) {
        this.log('the phone library failed to load', error);
      }
    }
    return this.phone;
  }

  handle(e: ViewEvent): Promise<void> | void {
    const v = this.flow.view;
    switch (v.kind) {
      case 'identifier':
        if (e.type === 'submit-identifier') {
          this.fallbacks.prefetch(this.method);
          if (this.features.isAvailable)
            // A prefetch: a failure is logged once, where the step is entered and awaits the same load.
            this.passkeySteps().catch(() => undefined);
          return this.submitIdentifier(e);
        }
        if (e.type === 'social')
          return socialSteps().then(
            (social) => social.startSocial(this.flow, this, e.connection),
            (error) => this.log('a step failed to load', error),
          );
        return;
      case 'register-passkey':
        if (e.type === 'create-passkey' || e.type === 'retry')
          return this.passkeys?.register(e.type === 'create-passkey' ? e.attachment : undefined);
        if (e.type === 'use-fallback') return this.fallbackAuth(true);
        if (e.type === 'change-identifier') return this.changeIdentifier();
        return;
      case 'passkey-login':
        if (e.type === 'retry') return this.passkeys?.login();
        if (e.type === 'use-fallback') return this.fallbackAuth(true);
        if (e.type === 'change-identifier') return this.changeIdentifier();
        return;
      case 'one-time-code':
        if (e.type === 'submit-code') return this.fallbacks.code?.submit(e.code);
        if (e.type === 'resend') return this.fallbacks.code?.resend();
        if (e.type === 'change-identifier') return this.changeIdentifier();
        return;
      case 'magic-link-sent':
        if (e.type === 'resend' && !v.resendDisabled) return this.fallbacks.link?.send(true);
        if (e.type === 'change-identifier') return this.fallbacks.link?.leave();
        return;
      case 'add-device':
        if (e.type === 'add-passkey' || e.type === 'retry') return this.addDevice();
        if (e.type === 'skip' && this.pending) return this.authSuccess(this.pending);
        return;
      case 'device-not-supported':
      case 'login-not-supported':
        if (e.type === 'change-identifier') return this.changeIdentifier();
        return;
      case 'no-fallback':
        if (e.type === 'retry' && v.retry) return this.passkeys?.retry();
        if (e.type === 'change-identifier') return this.changeIdentifier();
        return;
      case 'magic-link-activation':
        if (e.type === 'request-new-link') return this.flow.options.page.reloadWithoutQuery();
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

  /** The page is a social sign-in's callback with a code: exchange it. */
  async finishSocial(code: string, connection: string): Promise<void> {
    return (await socialSteps()).finishSocial(this.flow, this, code, connection);
  }

  /** The pending social sign-in is answered (or its state did not match): its state goes. */
  forgetSocial(): void {
    void this.passageClient().then(
      (client) => client.forgetSocial(),
      () => undefined,
    );
  }

  get method() {
    return fallbackMethodOf(this.flow.app);
  }

  changeIdentifier(): void {
    this.flow.goHome(this.inProgress?.identifier);
  }

  // ---- the identifier form's Continue ----

  private async submitIdentifier(e: Extract<ViewEvent, { type: 'submit-identifier' }>): Promise<void> {
    const view = this.flow.view as IdentifierView;
    if (view.busy) return;
    const step = this.flow.step;
    const app = this.flow.app;
    const country = e.country ?? this.flow.options.defaultCountryCode();
    this.flow.update('identifier', {
      busy: true,
      error: undefined,
      identifier: e.identifier,
    });
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
        return this.flow.update('identifier', { busy: false, metadata: fields }, step);
      this.flow.update('identifier', { metadata: fields }, step);
      metadata = check.values;
    }

    const id = checkIdentifier({ text: e.identifier, allowed: app.allowed_identifier, ...phone, country });
    if (!id.ok) return this.flow.update('identifier', { busy: false, error: { key: id.message } }, step);

    if (this.flow.options.hooks.beforeAuth) {
      let allowed = false;
      try {
        allowed = (await this.flow.options.hooks.beforeAuth(id.identifier)) === true;
      } catch (error) {
        this.log('beforeAuth threw', error);
      }
      if (!allowed) return this.flow.update('identifier', { busy: false }, step);
    }

    let user: PublicUser | null;
    try {
      user = await (await this.passageClient()).identifierExists(id.identifier, this.flow.callOptions());
    } catch (error) {
      // A lookup that failed says nothing about the identifier, but the form has always shown its
      // "valid" message then (as Passage's); a time-out or too many lookups say so instead.
      return this.refused(error, INVALID[app.allowed_identifier], step);
    }
    if (step !== this.flow.step) return;
    const registering = view.mode === 'register';
    this.inProgress = {
      identifier: id.identifier,
      identifierType: id.type,
      registering,
      userInitiated: false,
      verifying: false,
    };
    if (registering) return this.register(user, metadata, step);
    return this.login(user, step);
  }

  /** A call of the form failed: the form says why (src/flow/refusals.ts, fetched now; `otherwise` if not). */
  private refused(error: unknown, otherwise: FlowMessageKey, step: number): Promise<void> {
    const load = import('../refusals').then((r) => r.failureMessage(error, otherwise));
    return load
      .catch((): Message => ({ key: otherwise }))
      .then((shown) => this.flow.update('identifier', { busy: false, error: shown }, step));
  }

  private async login(user: PublicUser | null, step: number): Promise<void> {
    const flow = this.flow;
    const type = this.attempt.identifierType;
    if (!user) {
      const what = type === 'email' ? 'email-capitalized' : 'phone-capitalized';
      return flow.update(
        'identifier',
        { busy: false, error: { key: 'not-recognized', args: [{ key: what }] } },
        step,
      );
    }
    if (user.status === 'inactive')
      return flow.update('identifier', { busy: false, error: { key: 'account-no-longer-active' } }, step);
    return this.loginUser(user, step);
  }

  private async register(
    user: PublicUser | null,
    metadata: Record<string, unknown> | undefined,
    step: number,
  ): Promise<void> {
    const flow = this.flow;
    const attempt = this.attempt;
    if (user?.status === 'active') {
      const what = attempt.identifierType === 'email' ? 'email' : 'phone-number';
      return flow.update(
        'identifier',
        { busy: false, error: { key: 'account-already-exists', args: [{ key: what }] } },
        step,
      );
    }
    if (user?.status === 'inactive')
      return flow.update('identifier', { busy: false, error: { key: 'account-no-longer-active' } }, step);
    try {
      await (await this.passageClient()).createUser(attempt.identifier, metadata, flow.callOptions());
    } catch (error) {
      return this.refused(error, 'unexpected-error', step);
    }
    if (step !== flow.step) return;
    this.createdUser();
  }

  // ---- CreatedUser / LoginUser ----

  private createdUser(): void {
    const app = this.flow.app;
    this.attempt.verifying = app.require_identifier_verification;
    if (afterUserCreated(app, this.features) === 'register-passkey')
      return void this.enterPasskeyStep((passkeys) => passkeys.enterRegister());
    this.fallbackAuth(false);
  }

  private async loginUser(user: PublicUser, step: number): Promise<void> {
    const attempt = this.attempt;
    attempt.verifying = identityVerificationRequired(this.flow.app, user, attempt.identifierType);
    const credIdKnown = await (await this.passageClient()).credIdExists(user.id);
    if (step !== this.flow.step) return;
    const route = routeLogin({
      app: this.flow.app,
      user,
      identifierType: attempt.identifierType,
      features: this.features,
      credIdKnown,
    });
    if (route === 'login-not-supported')
      return this.flow.enter({ kind: 'login-not-supported', identifierType: attempt.identifierType });
    if (route === 'passkey-login') {
      const verifyIdentity = passkeyLoginVerifiesIdentity(credIdKnown);
      return this.enterPasskeyStep((passkeys) => passkeys.enterLogin(verifyIdentity));
    }
    this.fallbackAuth(false);
  }

  private passkeySteps(): Promise<PasskeySteps> {
    return (this.passkeyLoad ??= import('./passkey-steps').then(
      ({ PasskeySteps }) => (this.passkeys = new PasskeySteps(this.flow, this)),
    ));
  }

  /** Enters a passkey step once its module is in, unless the flow moved on meanwhile; the fallback if it
   * failed to load. */
  private async enterPasskeyStep(enter: (passkeys: PasskeySteps) => void): Promise<void> {
    const step = this.flow.step;
    let passkeys: PasskeySteps;
    try {
      passkeys = await this.passkeySteps();
    } catch (error) {
      this.log('a step failed to load', error);
      return this.fallbackAuth(false);
    }
    if (step === this.flow.step) enter(passkeys);
  }

  // ---- FallbackAuth ----

  fallbackAuth(userInitiated: boolean): void {
    const attempt = this.attempt;
    attempt.userInitiated = userInitiated;
    const route = routeFallback(this.method, attempt.registering, this.features);
    const detail = { identifier: attempt.identifier };
    if (route === 'one-time-code') {
      void this.enterFallback(this.fallbacks.oneTimeCode(), () =>
        this.emit(attempt.registering ? 'onOneTimePasscodeRegister' : 'onOneTimePasscodeLogin', detail),
      );
    } else if (route === 'magic-link-sent') {
      void this.enterFallback(this.fallbacks.magicLink(), () =>
        this.emit(attempt.registering ? 'onMagicLinkRegister' : 'onMagicLinkLogin', detail),
      );
    } else if (route === 'device-not-supported') {
      this.flow.enter({ kind: 'device-not-supported', identifierType: attempt.identifierType });
    } else {
      this.enterNoFallback();
    }
  }

  /** The no-fallback screen: Try again goes back to the passkey step the sign-in came from, if any. */
  private enterNoFallback(): void {
    const { registering, identifierType, passkeyStep } = this.attempt;
    this.flow.enter({ kind: 'no-fallback', registering, identifierType, retry: passkeyStep !== undefined });
  }

  // ---- FallbackAuthSuccess, add device, AuthSuccess ----

  /** Enters a fallback step once its module is in, unless the flow moved on meanwhile. */
  private async enterFallback(
    loading: Promise<OneTimeCodeStep | MagicLinkStep>,
    entered: () => void,
  ): Promise<void> {
    const step = this.flow.step;
    let fallback: OneTimeCodeStep | MagicLinkStep;
    try {
      fallback = await loading;
    } catch (error) {
      this.log('a step failed to load', error);
      return this.enterNoFallback();
    }
    if (step !== this.flow.step) return;
    fallback.enter();
    entered();
  }

  async fallbackAuthSuccess(result: AuthResult): Promise<void> {
    const userInitiated = this.inProgress?.userInitiated ?? false;
    if (afterFallbackSuccess(this.features, userInitiated) === 'auth-success')
      return this.authSuccess(result);
    this.pending = result;
    this.flow.enter({ kind: 'add-device', busy: false });
  }

  private async addDevice(): Promise<void> {
    const step = this.flow.step;
    if ((this.flow.view as ViewOf<'add-device'>).busy) return;
    this.flow.update('add-device', { busy: true, error: undefined, cancelled: undefined });
    try {
      const device = await (await this.passageClient()).addDevice('platform', this.flow.callOptions());
      if (!device?.id) throw new Error('no device id');
      if (step === this.flow.step && this.pending) await this.authSuccess(this.pending);
    } catch (error) {
      if (step !== this.flow.step) return;
      if (promptDismissed(error))
        return this.flow.update('add-device', { busy: false, ...PROMPT_CLOSED }, step);
      this.log('adding a device failed', error);
      this.flow.update('add-device', { busy: false, error: { key: 'failed-to-add-this-device' } }, step);
    }
  }

  /** AuthSuccess: remember the last login, then hand over to the host's onSuccess. */
  async authSuccess(result: AuthResult, identifier = this.inProgress?.identifier): Promise<void> {
    if (!isCompleteAuthResult(result)) return;
    this.flow.enter({ kind: 'success' });
    const allowed = this.flow.app.allowed_identifier;
    let remember = lastLoginIdentifier(allowed, identifier);
    if (!remember) {
      try {
        const user = await (await this.passageClient()).currentUserInfo(this.flow.callOptions());
        remember = lastLoginIdentifier(allowed, undefined, user);
      } catch (error) {
        this.log('reading the current user failed', error);
      }
    }
    if (remember) this.flow.options.storage.setItem(STORAGE_KEYS.lastLogin, remember);
    try {
      this.flow.options.hooks.onSuccess(result);
    } catch (error) {
      this.log('onSuccess threw', error);
    }
  }
}
