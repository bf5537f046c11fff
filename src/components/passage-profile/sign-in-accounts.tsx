import { type FunctionalComponent, h } from '@stencil/core';
import type { SocialRow } from '../../flow/profile';
import type { Translator } from '../../i18n';
import { BrandMark } from '../views/social/brand-marks';

export interface SignInAccountsProps {
  t: Translator['t'];
  rows: SocialRow[];
  busy: boolean;
  onConnect: (type: string) => void;
  onRemove: (type: string) => void;
}

/**
 * The sign-in accounts: a row per provider, with the account linked to the user and Remove, or "Not
 * connected" and Connect (which leaves for the provider); the children (what the last action did) under
 * them. A refusal (the last way to sign in) shows there, as in the other sections.
 */
export const SignInAccounts: FunctionalComponent<SignInAccountsProps> = (props, messages) => {
  const { t } = props;
  return (
    <section class="section" part="sign-in-accounts" aria-labelledby="sign-in-accounts-title">
      <h2 id="sign-in-accounts-title">{t('sign-in-accounts')}</h2>
      <p class="muted">{t('sign-in-accounts-text')}</p>
      {props.rows.map(({ type, name, connection }) => (
        <div class="row social-row" part={`row social-row social-row-${type}`} key={type}>
          <span class="row-label social-provider">
            <BrandMark type={type} part="social-mark" />
            {name}
          </span>
          <span class="row-value">
            {connection ? (
              // Logins and addresses read left to right in every language.
              <span dir="ltr">{t('connected-as', { identifier: connection.provider_identifier })}</span>
            ) : (
              <span class="muted">{t('not-connected')}</span>
            )}
          </span>
          <button
            type="button"
            part={connection ? 'link social-remove' : 'link social-connect'}
            aria-label={t(connection ? 'remove-provider-label' : 'connect-provider-label', {
              provider: name,
            })}
            data-social={type}
            disabled={props.busy}
            onClick={() => (connection ? props.onRemove(type) : props.onConnect(type))}
          >
            {t(connection ? 'remove' : 'connect')}
          </button>
        </div>
      ))}
      {messages}
    </section>
  );
};
