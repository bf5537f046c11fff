/** The one-time-code step: send the code, take it (even when typed before it was sent), resend. */
import type { FlowContext, ViewOf } from '../flow-context';
import { tooManyAttempts } from '../refusals';
import { STORAGE_KEYS } from '../host-events';
import { codeProblem } from '../validation/code';
import type { SharedSteps } from './attempt';

export class OneTimeCodeStep {
  private otpId?: string;
  /** A full code entered (autofilled) while the code was still being sent: submitted once it is. */
  private codeBeforeSend?: string;

  constructor(
    private readonly flow: FlowContext,
    private readonly steps: SharedSteps,
  ) {}

  enter(): void {
    const attempt = this.steps.attempt;
    this.otpId = undefined;
    this.codeBeforeSend = undefined;
    this.flow.enter({
      kind: 'one-time-code',
      identifier: attempt.identifier,
      identifierType: attempt.identifierType,
      registering: attempt.registering,
      sending: true,
      sent: false,
      verifying: false,
      codeInvalid: false,
      attempt: 0,
    });
    void this.send();
  }

  private async send(): Promise<void> {
    const step = this.flow.step;
    const attempt = this.steps.attempt;
    this.flow.update('one-time-code', { sending: true, sent: false, error: undefined, codeInvalid: false });
    try {
      const client = await this.steps.passageClient();
      const send = attempt.registering ? client.newRegisterOneTimePasscode : client.newLoginOneTimePasscode;
      const { otp_id } = await send.call(
        client,
        attempt.identifier,
        this.steps.language,
        this.flow.callOptions(),
      );
      if (step !== this.flow.step) return;
      this.otpId = otp_id;
      this.flow.options.storage.setItem(STORAGE_KEYS.otpId, otp_id);
      this.flow.update('one-time-code', { sending: false, sent: true }, step);
      const early = this.codeBeforeSend;
      this.codeBeforeSend = undefined;
      if (early !== undefined) await this.submit(early);
    } catch (error) {
      if (step !== this.flow.step) return;
      this.codeBeforeSend = undefined;
      this.steps.log('sending the code failed', error);
      const shown = tooManyAttempts(error) ?? { key: 'code-send-error' };
      this.flow.update('one-time-code', { sending: false, error: shown }, step);
    }
  }

  resend(): void {
    const v = this.flow.view as ViewOf<'one-time-code'>;
    if (v.sending) return;
    this.flow.update('one-time-code', { attempt: v.attempt + 1 });
    void this.send();
  }

  async submit(code: string): Promise<void> {
    const v = this.flow.view as ViewOf<'one-time-code'>;
    if (v.verifying) return;
    const step = this.flow.step;
    // A code that arrives before its otp_id (autofill is quick) waits for the send to finish.
    if (!this.otpId && v.sending && !codeProblem(code, 'pending')) {
      this.codeBeforeSend = code;
      return;
    }
    const problem = codeProblem(code, this.otpId);
    if (problem) {
      this.steps.log(problem);
      return this.flow.update('one-time-code', {
        error: { key: 'code-invalid-or-expired' },
        codeInvalid: true,
      });
    }
    this.flow.update('one-time-code', { verifying: true, error: undefined, codeInvalid: false });
    try {
      const result = await (
        await this.steps.passageClient()
      ).oneTimePasscodeActivate(code, this.otpId!, this.flow.callOptions());
      if (step !== this.flow.step) return;
      if (!result.redirect_url) throw new Error('no redirect_url');
      this.flow.options.storage.removeItem(STORAGE_KEYS.otpId);
      this.steps.emit('onOneTimePasscodeActivated', result);
      this.steps.emit('onOneTimePasscodeActivateSuccess', result);
      await this.steps.fallbackAuthSuccess(result);
    } catch {
      this.flow.update(
        'one-time-code',
        { verifying: false, error: { key: 'code-invalid-or-expired' }, codeInvalid: true },
        step,
      );
    }
  }
}
