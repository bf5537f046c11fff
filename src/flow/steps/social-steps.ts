/**
 * Social sign-in's steps (docs/sign-in-elements.md#social-sign-in): leaving for the provider from a
 * "Continue with …" button, and exchanging the code the provider's callback brought. The flow read
 * the callback and its state (src/flow/social.ts); the client keeps the PKCE verifier.
 */
import type { AuthResult } from '../../client/types';
import type { FlowContext } from '../flow-context';
import type { PassageClientCalls } from '../ports';
import { providerName, socialFailure } from '../social';

export interface SocialHost {
  passageClient(): Promise<PassageClientCalls>;
  authSuccess(result: AuthResult): Promise<void>;
  log(message: string, error?: unknown): void;
}

/** A button was pressed: the PKCE state is stored, then the page goes to the server's authorize URL. */
export async function startSocial(flow: FlowContext, host: SocialHost, connection: string): Promise<void> {
  const view = flow.view;
  if (view.kind !== 'identifier' || view.busy || view.socialBusy) return;
  const step = flow.step;
  flow.update('identifier', { socialBusy: connection, socialError: undefined, error: undefined });
  try {
    const url = await (await host.passageClient()).socialSignInUrl(connection, flow.options.page.href());
    if (step !== flow.step) return;
    await flow.options.page.navigate(url);
    // Back from the provider's page through the back-forward cache: the buttons work again.
    flow.update('identifier', { socialBusy: undefined }, step);
  } catch (error) {
    host.log('starting a social sign-in failed', error);
    const name = providerName(flow.app, connection);
    flow.update(
      'identifier',
      { socialBusy: undefined, socialError: { key: 'social-failed', args: [{ text: name }] } },
      step,
    );
  }
}

/** The provider sent the visitor back with a code: the tokens for it, then the usual success. */
export async function finishSocial(
  flow: FlowContext,
  host: SocialHost,
  code: string,
  connection: string,
): Promise<void> {
  const step = flow.step;
  let result: AuthResult;
  try {
    result = await (await host.passageClient()).finishSocialAuthentication(code, flow.callOptions());
  } catch (error) {
    host.log('finishing a social sign-in failed', error);
    if (step === flow.step) flow.socialFailed(socialFailure(error, flow.app, connection));
    return;
  }
  if (step === flow.step) await host.authSuccess(result);
}
