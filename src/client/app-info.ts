export type AllowedIdentifier = 'email' | 'phone' | 'both';
export type FallbackMethod = 'otp' | 'magic_link' | 'none';
export type MetadataType = 'string' | 'boolean' | 'integer' | 'date' | 'phone' | 'email';

export interface MetadataField {
  id: string;
  field_name: string;
  friendly_name: string;
  type: MetadataType;
  registration: boolean;
  profile: boolean;
}

export interface LayoutItem {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The `app` object of `GET /v1/apps/{appId}` (the fields the elements read). */
export interface AppInfo {
  id: string;
  name: string;
  auth_origin: string;
  redirect_url: string;
  allowed_identifier: AllowedIdentifier;
  required_identifier: AllowedIdentifier | 'either';
  require_identifier_verification: boolean;
  public_signup: boolean;
  profile_management: boolean;
  passage_branding: boolean;
  default_language: string;
  /** Absent on old apps: the widget then uses magic links. */
  auth_fallback_method?: FallbackMethod;
  user_metadata_schema: MetadataField[];
  layouts: { registration: LayoutItem[]; profile: LayoutItem[] };
  element_customization: Record<string, string | number>;
  element_customization_dark: Record<string, string | number>;
}
