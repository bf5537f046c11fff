import { h } from '@stencil/core';
import type {
  AddDeviceView,
  AppUnavailableView,
  DeviceNotSupportedView,
  LoginNotSupportedView,
  NoFallbackView,
} from '../../flow/view-state';
import type { MessageKey } from '../../i18n';
import { Icon } from '../../icons/icons';
import { ErrorLine, LinkButton, PrimaryButton, Title } from './controls';
import { Actions, Text } from './step-controls';
import type { ViewContext } from './view-context';

/** Add a passkey after a fallback sign-in (the post-fallback screen), with Skip. */
export function renderAddDevice(state: AddDeviceView, ctx: ViewContext) {
  const { t, flow } = ctx;
  const failed = state.error && !state.cancelled;
  return [
    <Icon name={failed ? 'failure' : 'passkey'} />,
    <Title text={t.t(failed ? 'something-went-wrong' : 'add-passkey-title')} />,
    !failed && <Text muted>{t.t('add-passkey-text')}</Text>,
    <ErrorLine id="passage-add-device-error" t={t} message={state.error} />,
    <Actions>
      <PrimaryButton
        label={t.t(state.error ? 'try-again' : 'add-passkey')}
        disabled={state.busy}
        autofocus
        onClick={() => flow.dispatch(state.error ? { type: 'retry' } : { type: 'add-passkey' })}
      />
    </Actions>,
    <div class="links" part="links">
      <LinkButton label={t.t('skip')} disabled={state.busy} onClick={() => flow.dispatch({ type: 'skip' })} />
    </div>,
  ];
}

type Stopped = DeviceNotSupportedView | LoginNotSupportedView | NoFallbackView;

/**
 * A title and explanation with a failure icon: the screens where this sign-in cannot go on. Each still
 * offers a way on (docs/sign-in-elements.md#no-dead-ends): Try again where the flow can go back to a
 * passkey step, and Change email/phone, which goes back to the form. The title takes the focus, so
 * a screen reader reads why first.
 */
function stopped(state: Stopped, ctx: ViewContext, title: MessageKey, ...lines: MessageKey[]) {
  const { t, flow } = ctx;
  const retry = state.kind === 'no-fallback' && state.retry;
  return [
    <Icon name="failure" />,
    <Title text={t.t(title)} />,
    ...lines.map((line) => <Text>{t.t(line)}</Text>),
    retry && (
      <Actions>
        <PrimaryButton label={t.t('try-again')} onClick={() => flow.dispatch({ type: 'retry' })} />
      </Actions>
    ),
    <div class="links" part="links">
      <LinkButton
        label={t.t(state.identifierType === 'phone' ? 'change-phone' : 'change-email')}
        onClick={() => flow.dispatch({ type: 'change-identifier' })}
      />
    </div>,
  ];
}

export const renderDeviceNotSupported = (state: DeviceNotSupportedView, ctx: ViewContext) =>
  stopped(state, ctx, 'device-not-supported', 'passkeys-are-required', 'try-again-on-device-with-passkeys');

export const renderLoginNotSupported = (state: LoginNotSupportedView, ctx: ViewContext) =>
  stopped(
    state,
    ctx,
    'login-not-supported',
    'passkeys-are-now-required',
    'please-contact-support-to-regain-access',
  );

export const renderNoFallback = (state: NoFallbackView, ctx: ViewContext) =>
  state.registering
    ? stopped(state, ctx, 'no-fallback-title', 'passkeys-are-required', 'try-again-on-device-with-passkeys')
    : stopped(state, ctx, 'no-fallback-title', 'no-fallback-text', 'please-contact-support-to-regain-access');

export const renderSuccess = (ctx: ViewContext) => [
  <Icon name="success" />,
  <Title text={ctx.t.t('success')} />,
  <p class="text" part="text" role="status">
    {ctx.t.t('successfully-logged-in-redirect')}
  </p>,
];

/** Try again under a notice the app info failed with: the flow asks for the app again. */
const retryApp = (ctx: ViewContext) => (
  <Actions>
    <PrimaryButton label={ctx.t.t('try-again')} onClick={() => ctx.flow.dispatch({ type: 'retry' })} />
  </Actions>
);

/** The element names no app. No Try again: nothing can be asked without an app id, and setting
 * `app-id` restarts the element by itself. */
export const renderInvalidAppId = (ctx: ViewContext) => (
  <p class="notice" part="notice invalid-app-id" role="alert">
    {ctx.t.t('invalid-app-id')}
  </p>
);

/**
 * The app info failed: what is misconfigured, or that the server failed. The `invalid-app-id` part is
 * kept on each (it once named the one notice for all of them); the reason's part tells them apart.
 */
export const renderAppUnavailable = ({ problem }: AppUnavailableView, ctx: ViewContext) => [
  <p class="notice problem" part={`notice invalid-app-id ${problem.reason}`} role="alert">
    {ctx.t.t(problem.reason, problem)}
  </p>,
  retryApp(ctx),
];
