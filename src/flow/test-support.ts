/** Builders shared by the flow's unit tests (not part of the bundle: only test files import it). */
import type { AppInfo } from '../client/app-info';
import type { PublicUser } from '../client/types';
import { type BrowserFeatures, NO_FEATURES } from './browser-features';

export function appInfo(patch: Partial<AppInfo> = {}): AppInfo {
  return {
    id: 'app',
    name: 'Test app',
    auth_origin: 'http://localhost',
    redirect_url: '/done',
    allowed_identifier: 'email',
    required_identifier: 'email',
    require_identifier_verification: false,
    public_signup: true,
    profile_management: true,
    passage_branding: false,
    default_language: 'en',
    auth_fallback_method: 'otp',
    user_metadata_schema: [],
    layouts: { registration: [], profile: [] },
    element_customization: {},
    element_customization_dark: {},
    ...patch,
  };
}

export function publicUser(patch: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'user1',
    email: 'ann@example.com',
    email_verified: true,
    phone: '',
    phone_verified: false,
    status: 'active',
    user_metadata: null,
    webauthn: false,
    webauthn_types: [],
    ...patch,
  };
}

export const features = (patch: Partial<BrowserFeatures> = {}): BrowserFeatures => ({
  ...NO_FEATURES,
  isAvailable: true,
  ...patch,
});
