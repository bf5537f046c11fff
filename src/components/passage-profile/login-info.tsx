import { type FunctionalComponent, h } from '@stencil/core';
import type { CurrentUser } from '../../client/types';
import type { IdentifierType } from '../../flow/view-state';
import type { Translator } from '../../i18n';
import { cancelOnEscape } from './escape';

export interface LoginInfoProps {
  t: Translator['t'];
  user: CurrentUser;
  kinds: IdentifierType[];
  editable: boolean;
  editing: IdentifierType | null;
  draft: string;
  error: string | null;
  busy: boolean;
  onEdit: (kind: IdentifierType) => void;
  onInput: (value: string) => void;
  onSave: (kind: IdentifierType) => void;
  onCancel: (kind: IdentifierType) => void;
}

const label = { email: 'email-address', phone: 'phone-number' } as const;

/** The email and phone rows: read-only values that turn into a validated input with Save and Cancel;
 * the children (what the last change did) under them. */
export const LoginInfo: FunctionalComponent<LoginInfoProps> = (props, messages) => {
  const { t, user } = props;
  return (
    <section class="section" part="login-info" aria-labelledby="login-info-title">
      <h2 id="login-info-title">{t('login-info')}</h2>
      {props.editable ? null : <p class="muted">{t('read-only-profile')}</p>}
      {props.kinds.map((kind) => {
        const value = kind === 'email' ? user.email : user.phone;
        const verified = kind === 'email' ? user.email_verified : user.phone_verified;
        const inputId = `identifier-${kind}`;
        if (props.editing === kind) {
          return (
            <form
              class="row editing"
              part="row row-editing"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                props.onSave(kind);
              }}
              onKeyDown={cancelOnEscape(() => props.onCancel(kind))}
            >
              <label htmlFor={inputId}>{t(label[kind])}</label>
              <input
                id={inputId}
                part="input"
                type={kind === 'email' ? 'email' : 'tel'}
                // Email addresses and phone numbers read left to right in every language.
                dir="ltr"
                autocomplete={kind === 'email' ? 'email' : 'tel'}
                value={props.draft}
                class={{ invalid: !!props.error }}
                aria-invalid={props.error ? 'true' : 'false'}
                aria-describedby={`${inputId}-error`}
                onInput={(event) => props.onInput((event.target as HTMLInputElement).value)}
              />
              <p id={`${inputId}-error`} class="field-error" part="error" aria-live="polite">
                {props.error ?? ''}
              </p>
              <div class="row-actions">
                <button type="submit" part="primary-button" disabled={props.busy}>
                  {t('save')}
                </button>
                <button type="button" part="secondary-button" onClick={() => props.onCancel(kind)}>
                  {t('cancel')}
                </button>
              </div>
            </form>
          );
        }
        return (
          <div class="row" part="row">
            <span class="row-label" id={`${inputId}-label`}>
              {t(label[kind])}
            </span>
            <span class="row-value">
              {value || <span class="muted">{t('not-set')}</span>}
              {value ? (
                <span class={{ badge: true, muted: !verified }} part="badge">
                  {t(verified ? 'verified' : 'unverified')}
                </span>
              ) : null}
            </span>
            {props.editable ? (
              <button
                type="button"
                part="link"
                aria-label={t('edit-field', { field: t(label[kind]) })}
                data-edit={kind}
                disabled={props.editing !== null}
                onClick={() => props.onEdit(kind)}
              >
                {t('edit')}
              </button>
            ) : null}
          </div>
        );
      })}
      {messages}
    </section>
  );
};
