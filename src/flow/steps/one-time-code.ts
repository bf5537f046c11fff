/** The one-time-code step: send the code, take it (even when typed before it was sent), resend. */
import type { FlowContext, ViewOf } from '../flow-context';
import { STORAGE_KEYS } from '../host-events';
import { codeProblem } from '../validation/code';
import type { SharedSteps } from './attempt';

export class OneTimeCodeStep {
  private otpId?: string;
  /** A full code entered (autofilled) while the code was still being sent: submitted once it is. */
  private codeBeforeSend?: string;

  constructor(
    private readonly f: FlowContext,
    private readonly s: SharedSteps,
  ) {}

  enter(): void {
    const a = this.s.attempt!;
    this.otpId = undefined;
    this.codeBeforeSend = undefined;
    this.f.enter({
      kind: 'one-time-code',
      identifier: a.identifier,
      identifierType: a.identifierType,
      registering: a.registering,
      sending: true,
      sent: false,
      verifying: false,
      codeInvalid: false,
      attempt: 0,
    });
    void this.send();
  }

  private async send(): Promise<void> {
    const f = this.f;
    const step = f.step;
    const a = this.s.attempt!;
    f.update('one-time-code', { sending: true, sent: false, error: undefined, codeInvalid: false });
    try {
      const client = f.o.client;
      const send = a.registering ? client.newRegisterOneTimePasscode : client.newLoginOneTimePasscode;
      const { otp_id } = await send.call(client, a.identifier, this.s.language, f.callOptions());
      if (step !== f.step) return;
      this.otpId = otp_id;
      f.o.storage.setItem(STORAGE_KEYS.otpId, otp_id);
      f.update('one-time-code', { sending: false, sent: true }, step);
      const early = this.codeBeforeSend;
      this.codeBeforeSend = undefined;
      if (early !== undefined) await this.submit(early);
    } catch (error) {
      if (step !== f.step) return;
      this.codeBeforeSend = undefined;
      this.s.log('sending the code failed', error);
      f.update('one-time-code', { sending: false, error: { key: 'code-send-error' } }, step);
    }
  }

  resend(): void {
    const v = this.f.view as ViewOf<'one-time-code'>;
    if (v.sending) return;
    this.f.update('one-time-code', { attempt: v.attempt + 1 });
    void this.send();
  }

  async submit(code: string): Promise<void> {
    const f = this.f;
    const v = f.view as ViewOf<'one-time-code'>;
    if (v.verifying) return;
    const step = f.step;
    // A code that arrives before its otp_id (autofill is quick) waits for the send to finish.
    if (!this.otpId && v.sending && !codeProblem(code, 'pending')) {
      this.codeBeforeSend = code;
      return;
    }
    const problem = codeProblem(code, this.otpId);
    if (problem) {
      this.s.log(problem);
      return f.update('one-time-code', { error: { key: 'code-invalid-or-expired' }, codeInvalid: true });
    }
    f.update('one-time-code', { verifying: true, error: undefined, codeInvalid: false });
    try {
      const result = await f.o.client.oneTimePasscodeActivate(code, this.otpId!, f.callOptions());
      if (step !== f.step) return;
      if (!result.redirect_url) throw new Error('no redirect_url');
      f.o.storage.removeItem(STORAGE_KEYS.otpId);
      this.s.emit('onOneTimePasscodeActivated', result);
      this.s.emit('onOneTimePasscodeActivateSuccess', result);
      await this.s.fallbackAuthSuccess(result);
    } catch {
      f.update(
        'one-time-code',
        { verifying: false, error: { key: 'code-invalid-or-expired' }, codeInvalid: true },
        step,
      );
    }
  }
}
