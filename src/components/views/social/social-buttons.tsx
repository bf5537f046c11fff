/**
 * The social sign-in part of the identifier form, in a chunk of its own: a page fetches it only when
 * the app info offers providers (or a provider sent the visitor back with an error), so the first
 * render stays in its budget (docs/performance.md). Its strings and rules travel with it.
 */
import { h } from '@stencil/core';
import type { IdentifierView } from '../../../flow/view-state';
import { socialEn } from '../../../i18n/social/en';
import { addEnglish } from '../../../i18n/translator';
import { addViewSheet } from '../../../themes/sheets';
import SECONDARY_BUTTON_STYLES from '../../../themes/secondary-button.css?inline';
import SOCIAL_STYLES from './social.css?inline';
import { LiveText } from '../controls';
import { messageText } from '../view-context';
import type { ViewContext } from '../view-context';
import { BrandMark } from './brand-marks';

addEnglish(socialEn);
addViewSheet(SECONDARY_BUTTON_STYLES);
addViewSheet(SOCIAL_STYLES);

const ERROR_ID = 'passage-social-error';

/** Why the provider sent the visitor back without a sign-in: an error line above the form. */
export function SocialError(state: IdentifierView, ctx: ViewContext) {
  const message = state.socialError;
  return (
    <LiveText
      id={ERROR_ID}
      cls="error"
      part="error social-error"
      text={message && messageText(ctx.t, message)}
      of={message}
    />
  );
}

/**
 * "Or", then a "Continue with …" button per offered provider, in the app info's order. A pressed
 * button leaves the page: every button is then unavailable, but keeps its focus (aria-disabled).
 */
export function SocialButtons(state: IdentifierView, ctx: ViewContext) {
  const { t, flow } = ctx;
  const options = state.social ?? [];
  if (options.length === 0) return null;
  const busy = state.busy || !!state.socialBusy;
  return [
    <p class="divider" part="divider">
      <span>{t.t('or-divider')}</span>
    </p>,
    <ul class="social-buttons" part="social-buttons">
      {options.map(({ type, name }) => (
        <li key={type}>
          <button
            type="button"
            class="social-button"
            part={`button social-button social-button-${type}`}
            aria-disabled={busy ? 'true' : undefined}
            aria-busy={state.socialBusy === type ? 'true' : undefined}
            data-connection={type}
            onClick={() => {
              if (!busy) flow.dispatch({ type: 'social', connection: type });
            }}
          >
            <BrandMark type={type} />
            <span class="social-label">{t.t('continue-with-provider', { 0: name })}</span>
          </button>
        </li>
      ))}
    </ul>,
  ];
}
