import { h } from '@stencil/core';
import { looksLikePhone } from '../../flow/validation/patterns';
import type { IdentifierView } from '../../flow/view-state';
import type { MessageKey } from '../../i18n';
import { ErrorLine, LinkButton, PrimaryButton, Title } from './controls';
import { MetadataFields, readMetadata } from './metadata-fields';
import { CountrySelect } from './phone/country-select';
import { messageText, type ViewContext } from './view-context';

const INPUT_ID = 'passage-identifier';
const ERROR_ID = 'passage-identifier-error';
const COUNTRY_ID = 'passage-country';

const LABEL: Record<IdentifierView['allowedIdentifier'], MessageKey> = {
  email: 'email-address',
  phone: 'phone-number-label',
  both: 'email-or-phone-number',
};

function showCountry(allowed: IdentifierView['allowedIdentifier'], typed: string): boolean {
  return allowed === 'phone' || (allowed === 'both' && looksLikePhone(typed));
}

function submit(event: Event, state: IdentifierView, ctx: ViewContext): void {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const input = form.elements.namedItem('identifier') as HTMLInputElement;
  const select = form.elements.namedItem('country') as HTMLSelectElement | null;
  const phone = state.allowedIdentifier !== 'email' && showCountry(state.allowedIdentifier, input.value);
  ctx.dispatch({
    type: 'submit-identifier',
    identifier: input.value,
    ...(phone && select?.value ? { country: select.value } : {}),
    ...(state.metadata.length > 0 ? { metadata: readMetadata(form, state.metadata) } : {}),
  });
}

/** In both-identifiers mode the dropdown follows what is typed (SPEC §2). */
function followTyping(event: Event): void {
  const input = event.target as HTMLInputElement;
  const country = input.form?.querySelector<HTMLElement>('.country');
  if (country) country.hidden = !looksLikePhone(input.value);
}

/** The combined / login-only / register-only identifier form (SPEC §2). */
export function renderIdentifier(state: IdentifierView, ctx: ViewContext) {
  const { t, dispatch } = ctx;
  const error = state.error ? messageText(t, state.error) : undefined;
  const allowed = state.allowedIdentifier;
  const toggle = () => dispatch({ type: 'toggle-mode' });
  return [
    <Title text={t.t(state.mode === 'login' ? 'login-title' : 'register-title')} />,
    state.registrationNotAllowed && (
      <p class="notice" part="notice" role="status">
        {t.t('public-registration-not-allowed')}
      </p>
    ),
    state.lastLogin && (
      <p class="banner" part="last-login-banner">
        <span>{t.t('welcome-back-sign-in-as')}</span>
        <strong>{state.lastLogin}</strong>
        <LinkButton label={t.t('switch-account')} onClick={() => dispatch({ type: 'switch-account' })} />
      </p>
    ),
    <form
      part="form identifier-form"
      noValidate
      onSubmit={(e) => submit(e, state, ctx)}
      onFocusin={() => void ctx.preloadLaterViews?.()}
    >
      <div class="field" part="field">
        <label htmlFor={INPUT_ID} part="label">
          {t.t(LABEL[allowed])}
        </label>
        <div class="phone" part="identifier-row">
          {allowed !== 'email' && (
            <CountrySelect
              id={COUNTRY_ID}
              label={t.t('country')}
              lang={t.lang}
              defaultCountry={state.defaultCountryCode}
              visible={showCountry(allowed, state.identifier)}
            />
          )}
          <input
            id={INPUT_ID}
            name="identifier"
            class="input"
            part="input identifier-input"
            type={allowed === 'email' ? 'email' : allowed === 'phone' ? 'tel' : 'text'}
            autocomplete={
              state.conditionalUI ? 'username webauthn' : allowed === 'phone' ? 'tel' : 'username'
            }
            autoCapitalize="off"
            spellcheck={false}
            defaultValue={state.identifier}
            aria-invalid={error ? 'true' : 'false'}
            aria-describedby={ERROR_ID}
            data-autofocus
            onInput={allowed === 'both' ? followTyping : undefined}
          />
        </div>
      </div>
      <ErrorLine id={ERROR_ID} t={t} message={state.error} />
      {state.errorHint && state.canToggle && <LinkButton label={t.t(state.errorHint)} onClick={toggle} />}
      {state.metadata.length > 0 && <MetadataFields inputs={state.metadata} t={t} />}
      <PrimaryButton type="submit" label={t.t('continue')} disabled={state.busy} />
    </form>,
    state.canToggle && (state.mode === 'register' || state.publicSignup) && (
      <p class="toggle" part="toggle">
        {t.t(state.mode === 'login' ? 'dont-have-an-account' : 'already-have-an-account')}{' '}
        <LinkButton label={t.t(state.mode === 'login' ? 'register-here' : 'login-here')} onClick={toggle} />
      </p>
    ),
    state.branding && (
      <p class="branding" part="branding">
        {t.t('secured-by')}
      </p>
    ),
  ];
}
