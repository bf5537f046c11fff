import { h } from '@stencil/core';
import type { MagicLinkActivationView, MagicLinkSentView } from '../../flow/view-state';
import type { MessageKey } from '../../i18n';
import { Icon } from '../../icons/icons';
import { ErrorLine, LinkButton, LiveText, PrimaryButton, Spinner, Title } from './controls';
import { IdentifierLine, Text } from './step-controls';
import type { ViewContext } from './view-context';

function sentTitle(state: MagicLinkSentView): MessageKey {
  const channel = state.identifierType === 'phone' ? 'phone' : 'email';
  if (state.verifying && !state.registering) return `verify-${channel}-to-login`;
  return `check-${channel}-to-${state.registering ? 'register' : 'login'}`;
}

/** Magic link waiting screen: the flow polls; the view offers Change (beside the identifier) and Resend. */
export function renderMagicLinkSent(state: MagicLinkSentView, ctx: ViewContext) {
  const { t, flow } = ctx;
  const phone = state.identifierType === 'phone';
  return [
    <Icon name={phone ? 'sms' : 'email'} />,
    <Title text={t.t(sentTitle(state))} />,
    <IdentifierLine identifier={state.identifier} identifierType={state.identifierType} ctx={ctx} />,
    <Text>{t.t(phone ? 'link-sent-sms' : 'link-sent-email')}</Text>,
    state.verifying && (
      <Text>
        {t.t(phone ? 'please-verify-identifier-phone' : 'please-verify-identifier-email', {
          action: t.t(state.registering ? 'registration' : 'login'),
        })}
      </Text>
    ),
    <Text muted>{t.t('you-will-be-automatically-signed-in')}</Text>,
    // A send refused (too many attempts): no link to wait for, so the error instead of the spinner.
    <ErrorLine id="passage-link-error" t={t} message={state.error} />,
    !state.error && <Spinner label={t.t('loading')} />,
    <div class="links" part="links">
      <LinkButton
        label={t.t('resend')}
        unavailable={state.resendDisabled}
        autofocus
        onClick={() => flow.dispatch({ type: 'resend' })}
      />
    </div>,
    <LiveText cls="confirmation" text={state.resent ? t.t('link-resent') : undefined} of={state.resent} />,
  ];
}

interface ActivationCopy {
  title: MessageKey;
  text?: MessageKey;
  button?: { label: MessageKey; event: 'request-new-link' | 'retry' | 'redirect-now' };
}

function activationCopy(state: MagicLinkActivationView): ActivationCopy {
  const login = state.link === 'login';
  switch (state.status) {
    case 'loading':
      return { title: 'log-into-your-account' };
    case 'success':
      return {
        title: 'success',
        text: login ? 'successfully-logged-in-redirect' : 'successfully-changed-email',
        button: { label: 'redirect-now', event: 'redirect-now' },
      };
    case 'invalid':
      return {
        title: 'invalid-link',
        text: 'link-invalid',
        button: { label: 'request-new-link', event: 'request-new-link' },
      };
    case 'failure':
      return {
        title: login ? 'device-login-failed-title' : 'something-went-wrong',
        text: login ? 'login-link-invalid' : 'verification-failed-please-try-again',
        button: { label: 'try-again', event: 'retry' },
      };
  }
}

/** Magic link activation (`?psg_magic_link` / `?psg_verify_link`): loading, then success or failure. */
export function renderMagicLinkActivation(state: MagicLinkActivationView, ctx: ViewContext) {
  const { t, flow } = ctx;
  const copy = activationCopy(state);
  const button = copy.button;
  return [
    state.status === 'success' && <Icon name="success" />,
    (state.status === 'failure' || state.status === 'invalid') && <Icon name="failure" />,
    <Title text={t.t(copy.title)} />,
    state.status === 'loading' && <Spinner label={t.t('loading')} />,
    copy.text && (
      <p class="text" part="text" role={state.status === 'success' ? 'status' : 'alert'}>
        {t.t(copy.text)}
      </p>
    ),
    button && (
      <PrimaryButton
        label={t.t(button.label)}
        autofocus
        onClick={() => flow.dispatch({ type: button.event })}
      />
    ),
  ];
}
