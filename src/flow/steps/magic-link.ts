/** The magic-link steps: send and wait (polling for the link to be opened), and activate a link. */
import type { AuthResult } from '../../client/types';
import type { FlowContext, ViewOf } from '../flow-context';
import { STORAGE_KEYS } from '../host-events';
import type { FlowError } from '../ports';
import type { SharedSteps } from './attempt';
import { TIMING } from './timing';

export class MagicLinkStep {
  private pollingId?: string;
  private activation?: { link: 'login' | 'verify'; token: string; result?: AuthResult };

  constructor(
    private readonly f: FlowContext,
    private readonly s: SharedSteps,
  ) {}

  // ---- waiting for the link ----

  enter(): void {
    const a = this.s.attempt!;
    this.pollingId = undefined;
    this.f.enter({
      kind: 'magic-link-sent',
      identifier: a.identifier,
      identifierType: a.identifierType,
      registering: a.registering,
      verifying: a.verifying,
      resendDisabled: true,
    });
    if (a.registering) this.s.after(TIMING.registerSendDelayMs, () => void this.send());
    else void this.send();
  }

  async send(resend = false): Promise<void> {
    const f = this.f;
    const step = f.step;
    const a = this.s.attempt!;
    f.update('magic-link-sent', { resendDisabled: true });
    try {
      const client = f.o.client;
      const send = a.registering ? client.newRegisterMagicLink : client.newLoginMagicLink;
      const path = f.o.page.magicLinkPath();
      const { id } = await send.call(client, a.identifier, this.s.language, path, f.callOptions());
      if (step !== f.step) return;
      f.o.storage.setItem(STORAGE_KEYS.magicLinkId, id);
      this.startPolling(id);
      if (resend) {
        const v = f.view as ViewOf<'magic-link-sent'>;
        f.update('magic-link-sent', { resent: (v.resent ?? 0) + 1 }, step);
      }
    } catch (error) {
      if (step !== f.step) return;
      this.s.log('sending the magic link failed', error);
    }
    if (step !== f.step) return;
    if (a.registering) f.update('magic-link-sent', { resendDisabled: false }, step);
    else
      this.s.after(TIMING.loginResendLockMs, () =>
        f.update('magic-link-sent', { resendDisabled: false }, step),
      );
  }

  private startPolling(id: string): void {
    this.pollingId = id;
    this.f.o.storage.setItem(STORAGE_KEYS.waitCount, '0');
    this.schedulePoll(id, 0);
  }

  private schedulePoll(id: string, count: number): void {
    if (count >= TIMING.maxPolls) return;
    this.s.after(TIMING.pollIntervalMs, () => void this.poll(id, count + 1));
  }

  private async poll(id: string, count: number): Promise<void> {
    const f = this.f;
    if (id !== this.pollingId) return;
    const step = f.step;
    f.o.storage.setItem(STORAGE_KEYS.waitCount, String(count));
    try {
      const result = await f.o.client.getMagicLinkStatus(id, f.callOptions());
      if (step !== f.step || id !== this.pollingId) return;
      if (result.redirect_url) {
        this.clearStorage();
        this.pollingId = undefined;
        this.s.emit('onMagicLinkActivated', result);
        return this.s.fallbackAuthSuccess(result);
      }
    } catch {
      // not activated yet: keep polling
    }
    if (step === f.step && id === this.pollingId) this.schedulePoll(id, count);
  }

  private clearStorage(): void {
    this.f.o.storage.removeItem(STORAGE_KEYS.magicLinkId);
    this.f.o.storage.removeItem(STORAGE_KEYS.waitCount);
  }

  leave(): void {
    this.f.o.storage.removeItem(STORAGE_KEYS.email);
    this.clearStorage();
    this.pollingId = undefined;
    this.s.changeIdentifier();
  }

  // ---- activation (?psg_magic_link / ?psg_verify_link) ----

  async activate(link: 'login' | 'verify', token: string): Promise<void> {
    const f = this.f;
    this.activation = { link, token };
    f.enter({ kind: 'magic-link-activation', link, status: 'loading' });
    const step = f.step;
    try {
      const result = await f.o.client.magicLinkActivate(token, f.callOptions());
      if (step !== f.step) return;
      this.activation.result = result;
      f.update('magic-link-activation', { status: 'success' }, step);
      this.s.emit('onMagicLinkActivateSuccess', result);
      const hold = !(link === 'verify' && this.s.features.isAvailable && this.s.features.platform);
      if (hold) this.s.after(TIMING.successHoldMs, () => void this.finishActivation());
      else await this.finishActivation();
    } catch (error) {
      const status = (error as FlowError).statusCode === 404 ? 'invalid' : 'failure';
      f.update('magic-link-activation', { status }, step);
    }
  }

  /** Activate again with the same token (the failure view's Retry). */
  retryActivation(): Promise<void> | undefined {
    return this.activation && this.activate(this.activation.link, this.activation.token);
  }

  async finishActivation(): Promise<void> {
    const activation = this.activation;
    if (!activation?.result || this.f.view.kind !== 'magic-link-activation') return;
    if (activation.link === 'verify') return this.s.authSuccess(activation.result);
    return this.s.fallbackAuthSuccess(activation.result);
  }
}
