import { CODE_LIFETIME_MS, LINK_LIFETIME_MS } from '../security/lifetimes.js';
import { type AppSettings, servedLoginUrl, servedRedirectUrl } from './app-settings.js';
import { providerName } from './social-settings.js';

const CODE_TTL_S = CODE_LIFETIME_MS / 1000;
const LINK_TTL_S = LINK_LIFETIME_MS / 1000;

/** The public `app` object of `GET /v1/apps/{id}`, with every field Passage clients read. */
export function toAppInfo(app: AppSettings) {
  return {
    id: app.id,
    name: app.name,
    auth_origin: app.auth_origin,
    redirect_url: servedRedirectUrl(app),
    login_url: servedLoginUrl(app),
    rsa_public_key: '',
    ephemeral: false,
    allowed_identifier: app.allowed_identifier,
    required_identifier: app.required_identifier,
    require_identifier_verification: app.require_identifier_verification,
    require_email_verification: app.require_identifier_verification,
    public_signup: app.public_signup,
    profile_management: app.profile_management,
    passage_branding: app.passage_branding,
    default_language: app.default_language,
    session_timeout_length: app.session_timeout_length,
    auth_fallback_method: app.auth_fallback_method,
    auth_fallback_method_ttl: app.auth_fallback_method === 'otp' ? CODE_TTL_S : LINK_TTL_S,
    auth_methods: {
      passkeys: {},
      otp: { ttl: CODE_TTL_S, ttl_display_unit: 'm' },
      magic_link: { ttl: LINK_TTL_S, ttl_display_unit: 'm' },
    },
    social_connections: Object.fromEntries(
      (app.social_providers ?? []).map((provider) => [
        provider.type,
        { client_id: provider.client_id, name: providerName(provider) },
      ]),
    ),
    user_metadata_schema: app.user_metadata_schema,
    layouts: app.layouts,
    element_customization: app.element_customization,
    element_customization_dark: app.element_customization_dark,
  };
}
