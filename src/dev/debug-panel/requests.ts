// What the panel asks the previewed element to show: the picked catalogue entry with the app settings
// and the element_customization preset applied (pure, see requests.test.ts).
import type { AppInfo } from '../../client/app-info';
import type { PreviewRequest } from '../../components/shared/preview-request';
import type { ViewState } from '../../flow/view-state';
import { CUSTOMIZATION_PRESETS, SAMPLE_APP } from '../app-samples';
import { profileSample } from '../profile-samples';
import type { CatalogueEntry } from '../view-catalogue';

/** The app settings the panel changes, and the customization preset by name. */
export interface PanelSettings {
  allowed_identifier: AppInfo['allowed_identifier'];
  public_signup: boolean;
  auth_fallback_method: NonNullable<AppInfo['auth_fallback_method']>;
  passage_branding: boolean;
  preset: string;
}

export const DEFAULT_SETTINGS: PanelSettings = {
  allowed_identifier: SAMPLE_APP.allowed_identifier,
  public_signup: SAMPLE_APP.public_signup,
  auth_fallback_method: SAMPLE_APP.auth_fallback_method ?? 'otp',
  passage_branding: SAMPLE_APP.passage_branding,
  preset: 'None',
};

/** The sample app with the settings and the preset (in light and dark alike). */
export function appWith(settings: PanelSettings): AppInfo {
  const { preset, ...app } = settings;
  const customization = CUSTOMIZATION_PRESETS[preset] ?? {};
  return {
    ...SAMPLE_APP,
    ...app,
    required_identifier: app.allowed_identifier === 'both' ? 'either' : app.allowed_identifier,
    element_customization: customization,
    element_customization_dark: customization,
  };
}

/** The view as the settings change it: the identifier form's fields and toggle, the fallback button. */
export function viewWith(view: ViewState, settings: PanelSettings): ViewState {
  switch (view.kind) {
    case 'identifier':
      return {
        ...view,
        allowedIdentifier: settings.allowed_identifier,
        publicSignup: settings.public_signup,
        registrationNotAllowed: view.mode === 'register' && !settings.public_signup,
        branding: settings.passage_branding,
      };
    case 'register-passkey':
    case 'passkey-login':
      return { ...view, fallbackMethod: settings.auth_fallback_method };
    default:
      return view;
  }
}

/** The request for an entry; `null` (the "Live flow" choice) asks for the live flow. */
export function requestFor(
  entry: CatalogueEntry | null,
  settings: PanelSettings,
  report: PreviewRequest['report'],
): PreviewRequest {
  if (!entry) return {};
  const app = appWith(settings);
  return entry.element === 'profile'
    ? { profile: profileSample(entry.scene), app, report }
    : { view: viewWith(entry.view, settings), app, report };
}
