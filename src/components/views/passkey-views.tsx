import { h } from '@stencil/core';
import type { PasskeyLoginView, RegisterPasskeyView } from '../../flow/view-state';
import { biometricIcon, Icon } from '../../icons/icons';
import { ErrorLine, LinkButton, PrimaryButton, Spinner, Title } from './controls';
import { Actions, SecondaryButton, Text } from './step-controls';
import { fallbackLabel } from './fallback-labels';
import type { ViewContext } from './view-context';

const ERROR_ID = 'passage-passkey-error';

function userAgentOf(ctx: ViewContext): string {
  return ctx.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
}

function changeIdentifier(ctx: ViewContext, type: 'email' | 'phone') {
  return (
    <LinkButton
      label={ctx.t.t(type === 'phone' ? 'change-phone' : 'change-email')}
      onClick={() => ctx.flow.dispatch({ type: 'change-identifier' })}
    />
  );
}

/** Passkey registration ("Register device"), with Try again, the fallback and Change email/phone. The
 * flow opens the prompt on entry only where the browser has a platform authenticator; elsewhere
 * "Create a passkey" does. */
export function renderRegisterPasskey(state: RegisterPasskeyView, ctx: ViewContext) {
  const { t, flow } = ctx;
  const fallback = fallbackLabel(state.fallbackMethod, state.identifierType, true);
  // A cancelled passkey request is no failure: the step keeps its title, the error line says so.
  const failed = state.error && !state.cancelled;
  return [
    <Icon name={failed ? 'failure' : 'passkey'} />,
    <Title text={t.t(failed ? 'something-went-wrong' : 'register-your-account')} />,
    <Text>
      <strong>{state.identifier}</strong>
    </Text>,
    <Text muted>{t.t('passkeys-are-a-simple')}</Text>,
    <ErrorLine id={ERROR_ID} t={t} message={state.error} />,
    <Actions>
      <PrimaryButton
        label={t.t(state.error ? 'try-again' : 'create-a-passkey')}
        disabled={state.busy}
        autofocus
        onClick={() => flow.dispatch(state.error ? { type: 'retry' } : { type: 'create-passkey' })}
      />
      <SecondaryButton
        label={t.t('use-another-device')}
        disabled={state.busy}
        onClick={() => flow.dispatch({ type: 'create-passkey', attachment: 'cross-platform' })}
      />
      {/* Available during the passkey prompt too: choosing it cancels the prompt (the flow aborts it). */}
      {fallback && (
        <SecondaryButton label={t.t(fallback)} onClick={() => flow.dispatch({ type: 'use-fallback' })} />
      )}
    </Actions>,
    <details part="learn-more">
      <summary>{t.t('what-are-passkeys')}</summary>
      <p class="text muted">{t.t('passkey-is-unique')}</p>
      <p class="text muted">{t.t('unlock-your-passkey')}</p>
    </details>,
    <div class="links" part="links">
      {changeIdentifier(ctx, state.identifierType)}
    </div>,
  ];
}

/** Passkey login ("Webauthn sign-in" / "Verify identity"): the flow starts it on entry where the browser
 * has a platform authenticator; elsewhere "Log in with a passkey" does. */
export function renderPasskeyLogin(state: PasskeyLoginView, ctx: ViewContext) {
  const { t, flow } = ctx;
  const fallback = fallbackLabel(state.fallbackMethod, state.identifierType, false);
  return [
    <Icon name={state.error && !state.cancelled ? 'failure' : biometricIcon(userAgentOf(ctx))} />,
    <Title text={t.t(state.verifyIdentity ? 'verify-your-identity' : 'log-into-your-account')} />,
    state.verifyIdentity && <Text>{t.t('we-dont-recognize-this-device')}</Text>,
    <Text>{t.parts('use-your-passkey', { identifier: <strong>{state.identifier}</strong> })}</Text>,
    state.busy && !state.error && <Spinner label={t.t('loading')} />,
    <ErrorLine id={ERROR_ID} t={t} message={state.error} />,
    <Actions>
      <PrimaryButton
        label={t.t(state.error ? 'try-again' : 'log-in-with-a-passkey')}
        disabled={state.busy}
        autofocus
        onClick={() => flow.dispatch({ type: 'retry' })}
      />
      {fallback && (
        <SecondaryButton label={t.t(fallback)} onClick={() => flow.dispatch({ type: 'use-fallback' })} />
      )}
    </Actions>,
    <div class="links" part="links">
      {changeIdentifier(ctx, state.identifierType)}
    </div>,
  ];
}
