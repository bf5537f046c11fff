/**
 * The fallback steps (one-time code, magic link), fetched once the visitor acts rather than with the
 * first render (docs/performance.md). Each module loads once; `code` and `link` are the loaded steps,
 * which the views' events go to.
 */
import type { FlowContext } from '../flow-context';
import type { SharedSteps } from './attempt';
import type { MagicLinkStep } from './magic-link';
import type { OneTimeCodeStep } from './one-time-code';

export class FallbackSteps {
  code?: OneTimeCodeStep;
  link?: MagicLinkStep;
  private codeLoad?: Promise<OneTimeCodeStep>;
  private linkLoad?: Promise<MagicLinkStep>;

  constructor(
    private readonly flow: FlowContext,
    private readonly steps: SharedSteps,
  ) {}

  oneTimeCode(): Promise<OneTimeCodeStep> {
    return (this.codeLoad ??= import('./one-time-code').then(
      ({ OneTimeCodeStep }) => (this.code = new OneTimeCodeStep(this.flow, this.steps)),
    ));
  }

  magicLink(): Promise<MagicLinkStep> {
    return (this.linkLoad ??= import('./magic-link').then(
      ({ MagicLinkStep }) => (this.link = new MagicLinkStep(this.flow, this.steps)),
    ));
  }

  /** Starts fetching the step of the app's fallback `method`, while the server is asked about the user. */
  prefetch(method: string | undefined): void {
    const load =
      method === 'otp' ? this.oneTimeCode() : method === 'magic_link' ? this.magicLink() : undefined;
    load?.catch((error: unknown) => this.steps.log('a step failed to load', error));
  }
}
