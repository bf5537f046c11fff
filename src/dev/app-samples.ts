// The sample app the previews use, and what the debug panel can change of it: the app settings that
// change what the views show, and element_customization presets.
import type { AppInfo, MetadataField } from '../client/app-info';

const field = (id: string, field_name: string, friendly_name: string, type: MetadataField['type']) => ({
  id,
  field_name,
  friendly_name,
  type,
  registration: true,
  profile: true,
});

/** An app with email and phone, public signup, one-time codes and three profile fields. */
export const SAMPLE_APP: AppInfo = {
  id: 'sampleApp',
  name: 'Sample app',
  auth_origin: 'http://localhost',
  redirect_url: '/',
  allowed_identifier: 'both',
  required_identifier: 'either',
  require_identifier_verification: false,
  public_signup: true,
  profile_management: true,
  passage_branding: true,
  default_language: 'en',
  auth_fallback_method: 'otp',
  user_metadata_schema: [
    field('f1', 'full_name', 'Full name', 'string'),
    field('f2', 'birthday', 'Birthday', 'date'),
    field('f3', 'newsletter', 'Newsletter', 'boolean'),
  ],
  layouts: {
    registration: [],
    profile: [
      { id: 'f1', x: 0, y: 0, w: 6, h: 1 },
      { id: 'f2', x: 0, y: 1, w: 3, h: 1 },
      { id: 'f3', x: 3, y: 1, w: 3, h: 1 },
    ],
  },
  element_customization: {},
  element_customization_dark: {},
};

/** element_customization presets by name (applied in light and dark alike; the app-info's shape). */
export const CUSTOMIZATION_PRESETS: Record<string, AppInfo['element_customization']> = {
  None: {},
  'Brand colours': {
    passage_primary_button_background_color: '#0b5394',
    passage_primary_button_text_color: '#ffffff',
    passage_header_text_color: '#0b5394',
  },
  'Narrow, square': {
    passage_container_max_width: 320,
    passage_primary_button_border_radius: 0,
    passage_input_box_border_radius: 0,
  },
  'Large text': { passage_header_font_size: '32px', passage_body_font_size: '18px' },
};

/** The app settings that change what the views show, with the values the panel offers. */
export const APP_SETTINGS = {
  allowed_identifier: ['email', 'phone', 'both'],
  public_signup: [true, false],
  auth_fallback_method: ['otp', 'magic_link', 'none'],
  passage_branding: [true, false],
} as const;
export type AppSetting = keyof typeof APP_SETTINGS;
