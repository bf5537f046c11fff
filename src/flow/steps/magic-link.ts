/** The magic-link steps: send and wait (polling for the link to be opened), and activate a link. */
import type { AuthResult } from '../../client/types';
import type { FlowContext, ViewOf } from '../flow-context';
import { tooManyAttempts } from '../refusals';
import { STORAGE_KEYS } from '../host-events';
import type { FlowError } from '../ports';
import type { SharedSteps } from './attempt';
import { TIMING } from './timing';

export class MagicLinkStep {
  private pollingId?: string;
  private activation?: { link: 'login' | 'verify'; token: string; result?: AuthResult };

  constructor(
    private readonly flow: FlowContext,
    private readonly steps: SharedSteps,
  ) {}

  // ---- waiting for the link ----

  enter(): void {
    const attempt = this.steps.attempt;
    this.pollingId = undefined;
    this.flow.enter({
      kind: 'magic-link-sent',
      identifier: attempt.identifier,
      identifierType: attempt.identifierType,
      registering: attempt.registering,
      verifying: attempt.verifying,
      resendDisabled: true,
    });
    if (attempt.registering) this.steps.after(TIMING.registerSendDelayMs, () => void this.send());
    else void this.send();
  }

  async send(resend = false): Promise<void> {
    const step = this.flow.step;
    const attempt = this.steps.attempt;
    this.flow.update('magic-link-sent', { resendDisabled: true, error: undefined });
    try {
      const client = await this.steps.passageClient();
      const send = attempt.registering ? client.newRegisterMagicLink : client.newLoginMagicLink;
      const path = this.flow.options.page.magicLinkPath();
      const { id } = await send.call(
        client,
        attempt.identifier,
        this.steps.language,
        path,
        this.flow.callOptions(),
      );
      if (step !== this.flow.step) return;
      this.flow.options.storage.setItem(STORAGE_KEYS.magicLinkId, id);
      this.startPolling(id);
      if (resend) {
        const v = this.flow.view as ViewOf<'magic-link-sent'>;
        this.flow.update('magic-link-sent', { resent: (v.resent ?? 0) + 1 }, step);
      }
    } catch (error) {
      if (step !== this.flow.step) return;
      this.steps.log('sending the magic link failed', error);
      this.flow.update('magic-link-sent', { error: tooManyAttempts(error) }, step);
    }
    if (step !== this.flow.step) return;
    if (attempt.registering) this.flow.update('magic-link-sent', { resendDisabled: false }, step);
    else
      this.steps.after(TIMING.loginResendLockMs, () =>
        this.flow.update('magic-link-sent', { resendDisabled: false }, step),
      );
  }

  private startPolling(id: string): void {
    this.pollingId = id;
    this.flow.options.storage.setItem(STORAGE_KEYS.waitCount, '0');
    this.schedulePoll(id, 0);
  }

  private schedulePoll(id: string, count: number): void {
    if (count >= TIMING.maxPolls) return;
    this.steps.after(TIMING.pollIntervalMs, () => void this.poll(id, count + 1));
  }

  private async poll(id: string, count: number): Promise<void> {
    if (id !== this.pollingId) return;
    const step = this.flow.step;
    this.flow.options.storage.setItem(STORAGE_KEYS.waitCount, String(count));
    try {
      const result = await (await this.steps.passageClient()).getMagicLinkStatus(id, this.flow.callOptions());
      if (step !== this.flow.step || id !== this.pollingId) return;
      if (result.redirect_url) {
        this.clearStorage();
        this.pollingId = undefined;
        this.steps.emit('onMagicLinkActivated', result);
        return this.steps.fallbackAuthSuccess(result);
      }
    } catch {
      // not activated yet: keep polling
    }
    if (step === this.flow.step && id === this.pollingId) this.schedulePoll(id, count);
  }

  private clearStorage(): void {
    this.flow.options.storage.removeItem(STORAGE_KEYS.magicLinkId);
    this.flow.options.storage.removeItem(STORAGE_KEYS.waitCount);
  }

  leave(): void {
    this.flow.options.storage.removeItem(STORAGE_KEYS.email);
    this.clearStorage();
    this.pollingId = undefined;
    this.steps.changeIdentifier();
  }

  // ---- activation (?psg_magic_link / ?psg_verify_link) ----

  async activate(link: 'login' | 'verify', token: string): Promise<void> {
    this.activation = { link, token };
    this.flow.enter({ kind: 'magic-link-activation', link, status: 'loading' });
    const step = this.flow.step;
    try {
      const result = await (
        await this.steps.passageClient()
      ).magicLinkActivate(token, this.flow.callOptions());
      if (step !== this.flow.step) return;
      this.activation.result = result;
      this.flow.update('magic-link-activation', { status: 'success' }, step);
      this.steps.emit('onMagicLinkActivateSuccess', result);
      const hold = !(link === 'verify' && this.steps.features.isAvailable && this.steps.features.platform);
      if (hold) this.steps.after(TIMING.successHoldMs, () => void this.finishActivation());
      else await this.finishActivation();
    } catch (error) {
      const status = (error as FlowError).statusCode === 404 ? 'invalid' : 'failure';
      this.flow.update('magic-link-activation', { status }, step);
    }
  }

  /** Activate again with the same token (the failure view's Retry). */
  retryActivation(): Promise<void> | undefined {
    return this.activation && this.activate(this.activation.link, this.activation.token);
  }

  async finishActivation(): Promise<void> {
    const activation = this.activation;
    if (!activation?.result || this.flow.view.kind !== 'magic-link-activation') return;
    if (activation.link === 'verify') return this.steps.authSuccess(activation.result);
    return this.steps.fallbackAuthSuccess(activation.result);
  }
}
