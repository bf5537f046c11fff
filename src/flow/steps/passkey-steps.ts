/**
 * The passkey steps of a sign-in: registration ("Register device") and login ("Webauthn sign-in" /
 * "Verify identity"), and the way back to them from the no-fallback screen. A module of its own,
 * fetched as an identifier is submitted where the browser has WebAuthn (docs/performance.md).
 *
 * The browser's prompt opens on entry only where the browser reported a platform authenticator;
 * elsewhere the step waits for its button. A request the visitor cancelled (or that could not be
 * completed) is said as such, with the step's ways on, not as a failure
 * (docs/sign-in-elements.md#passkey-prompts).
 */
import type { Attachment } from '../../client/types';
import {
  defaultAttachment,
  passkeyFailureMessage,
  PROMPT_CLOSED,
  promptDismissed,
  promptOnEntry,
} from '../decisions';
import type { FlowContext } from '../flow-context';
import type { FlowError } from '../ports';
import type { SharedSteps } from './attempt';

/** What the passkey steps use of SignInSteps besides the shared tools. */
export interface PasskeyHost extends SharedSteps {
  /** FallbackAuth: the app's fallback, `userInitiated` when the visitor asked for it. */
  fallbackAuth(userInitiated: boolean): void;
}

export class PasskeySteps {
  constructor(
    private readonly flow: FlowContext,
    private readonly steps: PasskeyHost,
  ) {}

  private get method() {
    return this.steps.method;
  }

  /** Register device: the view, then the browser's prompt. */
  enterRegister(): void {
    const attempt = this.steps.attempt;
    attempt.passkeyStep = { kind: 'register-passkey' };
    this.flow.enter({
      kind: 'register-passkey',
      identifier: attempt.identifier,
      identifierType: attempt.identifierType,
      fallbackMethod: this.method,
      busy: false,
    });
    this.steps.emit('onRegisterDevice', { identifier: attempt.identifier });
    if (promptOnEntry(this.steps.features)) void this.register();
  }

  async register(attachment: Attachment = defaultAttachment(this.steps.features)): Promise<void> {
    const step = this.flow.step;
    const attempt = this.steps.attempt;
    this.flow.update('register-passkey', { busy: true, error: undefined, cancelled: undefined });
    try {
      const result = await (
        await this.steps.passageClient()
      ).register(attempt.identifier, attachment, this.flow.callOptions());
      if (step === this.flow.step) await this.steps.authSuccess(result);
    } catch (error) {
      if (step !== this.flow.step) return;
      if (promptDismissed(error))
        return this.flow.update('register-passkey', { busy: false, ...PROMPT_CLOSED }, step);
      this.steps.log('passkey registration failed', error);
      const key = passkeyFailureMessage('create', this.method);
      this.flow.update('register-passkey', { busy: false, error: { key } }, step);
    }
  }

  /** Passkey login: the view, then the browser's prompt. */
  enterLogin(verifyIdentity: boolean): void {
    const attempt = this.steps.attempt;
    attempt.passkeyStep = { kind: 'passkey-login', verifyIdentity };
    this.flow.enter({
      kind: 'passkey-login',
      identifier: attempt.identifier,
      identifierType: attempt.identifierType,
      fallbackMethod: this.method,
      busy: false,
      verifyIdentity,
    });
    this.steps.emit('onVerifyIdentity', { identifier: attempt.identifier });
    if (promptOnEntry(this.steps.features)) void this.login();
  }

  async login(): Promise<void> {
    const step = this.flow.step;
    const attempt = this.steps.attempt;
    this.flow.update('passkey-login', { busy: true, error: undefined, cancelled: undefined });
    try {
      const result = await (
        await this.steps.passageClient()
      ).login(attempt.identifier, this.flow.callOptions());
      if (step === this.flow.step) await this.steps.authSuccess(result);
    } catch (error) {
      if (step !== this.flow.step) return;
      const e = error as FlowError;
      if (e.code === 'PSGParsePublicKeyForLoginFailed' || e.statusCode === 702) {
        if (promptDismissed(error))
          return this.flow.update('passkey-login', { busy: false, ...PROMPT_CLOSED }, step);
        const key = passkeyFailureMessage('login', this.method);
        return this.flow.update('passkey-login', { busy: false, error: { key } }, step);
      }
      this.steps.fallbackAuth(false);
    }
  }

  /** Try again on the no-fallback screen: back to the passkey step the sign-in came from. */
  retry(): void {
    const from = this.steps.attempt.passkeyStep;
    if (from?.kind === 'register-passkey') this.enterRegister();
    else if (from) this.enterLogin(from.verifyIdentity);
  }
}
