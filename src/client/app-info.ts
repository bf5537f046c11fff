import type { AppInfo as ContractAppInfo, FallbackMethod } from '../contract';

export type {
  AllowedIdentifier,
  FallbackMethod,
  IdentifierType,
  LayoutItem,
  MetadataField,
  MetadataType,
} from '../contract';

/** The `app` object of `GET /v1/apps/{appId}` (the fields the elements read). */
export interface AppInfo extends Pick<
  ContractAppInfo,
  | 'id'
  | 'name'
  | 'auth_origin'
  | 'redirect_url'
  | 'allowed_identifier'
  | 'required_identifier'
  | 'require_identifier_verification'
  | 'public_signup'
  | 'profile_management'
  | 'passage_branding'
  | 'default_language'
  | 'user_metadata_schema'
  | 'layouts'
  | 'element_customization'
  | 'element_customization_dark'
> {
  /** Absent on old apps: the widget then uses magic links. */
  auth_fallback_method?: FallbackMethod;
  /** The providers offered, in button order; absent from servers before social sign-in. */
  social_connections?: ContractAppInfo['social_connections'];
}
