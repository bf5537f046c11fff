import { h } from '@stencil/core';
import type { OneTimeCodeView } from '../../flow/view-state';
import { Icon } from '../../icons/icons';
import { CodeInput, readCode } from './code-input';
import { ErrorLine, LinkButton, LiveText, PrimaryButton, Title } from './controls';
import { IdentifierLine, Text } from './step-controls';
import type { ViewContext } from './view-context';

const ERROR_ID = 'passage-code-error';

/** One-time passcode: the identifier with Change, 6 boxes, Continue and Resend code. */
export function renderOneTimeCode(state: OneTimeCodeView, ctx: ViewContext) {
  const { t, flow } = ctx;
  const submitCode = (code: string) => flow.dispatch({ type: 'submit-code', code });
  return [
    <Icon name={state.codeInvalid ? 'invalid-code' : state.identifierType === 'phone' ? 'sms' : 'email'} />,
    <Title text={t.t('enter-code')} />,
    <IdentifierLine identifier={state.identifier} identifierType={state.identifierType} ctx={ctx} />,
    // The send ends after the view shows: the sentence arrives in a live region already there.
    <Text live>{state.sent && t.t(state.registering ? 'enter-code-sent-register' : 'enter-code-sent')}</Text>,
    <form
      part="form code-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submitCode(readCode(event.currentTarget as HTMLFormElement));
      }}
    >
      <CodeInput
        attempt={state.attempt}
        t={t}
        invalid={state.codeInvalid}
        describedBy={ERROR_ID}
        readonly={state.verifying}
        onComplete={submitCode}
      />
      <ErrorLine id={ERROR_ID} t={t} message={state.error} />
      <PrimaryButton type="submit" label={t.t('continue')} disabled={state.verifying} />
    </form>,
    <div class="links" part="links">
      <LinkButton
        label={t.t('resend-code')}
        unavailable={state.sending}
        onClick={() => flow.dispatch({ type: 'resend' })}
      />
    </div>,
    <LiveText
      cls="confirmation"
      text={state.attempt > 0 && state.sent && !state.error ? t.t('code-resent') : undefined}
      of={state.attempt}
    />,
  ];
}
