import { h } from '@stencil/core';
import { looksLikePhone } from '../../flow/validation/patterns';
import type { IdentifierView } from '../../flow/view-state';
import type { MessageKey } from '../../i18n';
import { ErrorLine, LinkButton, PrimaryButton, Title } from './controls';
import { messageText, type ViewContext } from './view-context';

/**
 * Parts of the form an email-only login never shows, each in its own chunk: the registration
 * metadata fields and the phone country dropdown (with its country list). The form renders without
 * them and again once they arrive (every element that rendered it meanwhile, not only the first: a
 * page may hold several); Continue waits for the metadata fields.
 */
const lazy = <T,>(load: () => Promise<T>) => {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  return (ctx: ViewContext): T | undefined => {
    if (!module) {
      loading ??= load().then((m) => (module = m));
      void loading.then(() => ctx.requestRender?.());
    }
    return module;
  };
};
const metadataFields = lazy(() => import('./metadata-fields'));
const countryPicker = lazy(() => import('./phone/country-picker'));
/** The provider buttons: only when the app offers providers (or one sent the visitor back). */
const socialButtons = lazy(() => import('./social/social-buttons'));

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
  const country = form.elements.namedItem('country') as HTMLInputElement | null;
  const phone = state.allowedIdentifier !== 'email' && showCountry(state.allowedIdentifier, input.value);
  const fields = state.metadata.length > 0 ? metadataFields(ctx) : undefined;
  ctx.flow.dispatch({
    type: 'submit-identifier',
    identifier: input.value,
    ...(phone && country?.value ? { country: country.value } : {}),
    ...(fields ? { metadata: fields.readMetadata(form, state.metadata) } : {}),
  });
}

/** What the form holds (the identifier and the picked country), for the other mode's form. */
function typed(form: HTMLFormElement | undefined): { identifier?: string; country?: string } {
  const input = form?.elements.namedItem('identifier') as HTMLInputElement | null | undefined;
  const country = form?.elements.namedItem('country') as HTMLInputElement | null | undefined;
  return {
    ...(input ? { identifier: input.value } : {}),
    ...(country?.value ? { country: country.value } : {}),
  };
}

/** In both-identifiers mode the dropdown follows what is typed. */
function followTyping(event: Event): void {
  const input = event.target as HTMLInputElement;
  const country = input.form?.querySelector<HTMLElement>('.country');
  if (country) country.hidden = !looksLikePhone(input.value);
}

/** The combined / login-only / register-only identifier form. */
export function renderIdentifier(state: IdentifierView, ctx: ViewContext) {
  const { t, flow } = ctx;
  const error = state.error ? messageText(t, state.error) : undefined;
  const allowed = state.allowedIdentifier;
  let form: HTMLFormElement | undefined;
  const toggle = () => flow.dispatch({ type: 'toggle-mode', ...typed(form) });
  const fields = state.metadata.length > 0 ? metadataFields(ctx) : undefined;
  const picker = allowed !== 'email' ? countryPicker(ctx) : undefined;
  const social = state.social?.length || state.socialError ? socialButtons(ctx) : undefined;
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
        <LinkButton label={t.t('switch-account')} onClick={() => flow.dispatch({ type: 'switch-account' })} />
      </p>
    ),
    social?.SocialError(state, ctx),
    <form
      part="form identifier-form"
      noValidate
      ref={(el) => (form = el)}
      onSubmit={(e) => submit(e, state, ctx)}
      onFocusin={() => void ctx.preloadStepViews?.()}
    >
      <div class="field" part="field">
        <label htmlFor={INPUT_ID} part="label">
          {t.t(LABEL[allowed])}
        </label>
        <div class="phone" part="identifier-row">
          {allowed !== 'email' && (
            <div class="country dropdown" part="country" hidden={!showCountry(allowed, state.identifier)}>
              {picker && (
                <picker.CountryPicker
                  id={COUNTRY_ID}
                  label={t.t('country')}
                  placeholder={t.t('select-placeholder')}
                  lang={t.lang}
                  defaultCountry={state.defaultCountryCode.toLowerCase()}
                  readonly={state.busy}
                  owner={flow}
                  requestRender={ctx.requestRender}
                />
              )}
            </div>
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
            // Email addresses and phone numbers read left to right in every language.
            dir="ltr"
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
      {fields && <fields.MetadataFields inputs={state.metadata} t={t} />}
      <PrimaryButton
        type="submit"
        label={t.t('continue')}
        disabled={state.busy || (state.metadata.length > 0 && !fields)}
      />
    </form>,
    social?.SocialButtons(state, ctx),
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
