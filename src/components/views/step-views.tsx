/**
 * The views after the identifier form, in their own chunk: a page pays for them only once a visitor
 * starts to sign in (render-view.tsx preloads this when the form gets focus). The notices shown
 * instead of the form when the app cannot be loaded are here too: a working page never needs them.
 */
import type { ViewState } from '../../flow/view-state';
import { h } from '@stencil/core';
import { enSteps } from '../../i18n/en-steps';
import SECONDARY_BUTTON_STYLES from '../../themes/secondary-button.css?inline';
import STEP_VIEW_STYLES from '../../themes/step-views.css?inline';
import { addEnglish } from '../../i18n/translator';
import { addViewSheet } from '../../themes/sheets';
import { renderMagicLinkActivation, renderMagicLinkSent } from './magic-link-views';
import { renderOneTimeCode } from './one-time-code-view';
import { renderPasskeyLogin, renderRegisterPasskey } from './passkey-views';
import {
  renderAddDevice,
  renderAppUnavailable,
  renderInvalidAppId,
  renderDeviceNotSupported,
  renderLoginNotSupported,
  renderNoFallback,
  renderSuccess,
} from './simple-views';
import type { ViewContext } from './view-context';

// The English strings and the rules of these views travel with them.
addEnglish(enSteps);
addViewSheet(SECONDARY_BUTTON_STYLES);
addViewSheet(STEP_VIEW_STYLES);

export type StepView = Exclude<ViewState, { kind: 'loading' | 'identifier' }>;

/** A step's view (its rules are among the views' sheets since this chunk loaded). */
export function renderStepView(state: StepView, ctx: ViewContext) {
  switch (state.kind) {
    case 'magic-link-activation':
      return renderMagicLinkActivation(state, ctx);
    case 'register-passkey':
      return renderRegisterPasskey(state, ctx);
    case 'passkey-login':
      return renderPasskeyLogin(state, ctx);
    case 'one-time-code':
      return renderOneTimeCode(state, ctx);
    case 'magic-link-sent':
      return renderMagicLinkSent(state, ctx);
    case 'add-device':
      return renderAddDevice(state, ctx);
    case 'device-not-supported':
      return renderDeviceNotSupported(state, ctx);
    case 'login-not-supported':
      return renderLoginNotSupported(state, ctx);
    case 'no-fallback':
      return renderNoFallback(state, ctx);
    case 'success':
      return renderSuccess(ctx);
    case 'invalid-app-id':
      return renderInvalidAppId(ctx);
    case 'app-unavailable':
      return renderAppUnavailable(state, ctx);
  }
}
