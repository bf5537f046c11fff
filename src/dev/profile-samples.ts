// Sample account and scenes of <passage-profile> (its rows, devices table, inline edits and dialogs),
// shown through the elements' preview hook (components/shared/preview-request.ts).
import type { CurrentUser, Device } from '../client/types';
import type { ProfileSample, ProfileScene } from '../components/shared/preview-request';

const device = (id: string, friendly_name: string, last_login_at: string, usage_count: number): Device => ({
  id,
  cred_id: `cred-${id}`,
  user_id: 'sampleUser',
  friendly_name,
  type: 'passkey',
  usage_count,
  created_at: '2026-03-14T09:30:00Z',
  updated_at: '2026-03-14T09:30:00Z',
  last_login_at,
  icons: { light: null, dark: null },
});

const devices: Device[] = [
  device('dev1', 'MacBook Air (Touch ID)', '2026-11-20T08:15:00Z', 42),
  device('dev2', 'Pixel 9', '2026-10-02T19:45:00Z', 7),
  device('dev3', 'YubiKey 5C', '', 0),
];

const metadata = { full_name: 'Ann Example', birthday: '1990-05-17', newsletter: true };

const user: CurrentUser = {
  id: 'sampleUser',
  email: 'ann@example.com',
  email_verified: true,
  phone: '+15555550100',
  phone_verified: false,
  status: 'active',
  user_metadata: metadata,
  webauthn: true,
  webauthn_types: ['passkey'],
  created_at: '2026-03-14T09:30:00Z',
  updated_at: '2026-11-20T08:15:00Z',
  last_login_at: '2026-11-20T08:15:00Z',
  login_count: 49,
  webauthn_devices: devices,
};

/** Every profile scene with its name in the "View" list. */
export const PROFILE_SCENES: Record<ProfileScene, string> = {
  ready: 'Profile: login info rows and passkeys table',
  loading: 'Profile: loading',
  'signed-out': 'Profile: signed out',
  'session-expired': 'Profile: session expired',
  'invalid-app': 'Profile: unknown app id',
  'origin-not-allowed': 'Profile: page origin not allowed',
  'server-unreachable': 'Profile: server unreachable',
  'load-failed': 'Profile: failed to load',
  'edit-email': 'Profile: editing the email',
  'edit-phone': 'Profile: editing the phone number',
  'edit-metadata': 'Profile: editing personal info',
  'rename-device': 'Profile: renaming a passkey',
  'learn-more': 'Profile: "What are passkeys?" dialog',
  'confirm-delete': 'Profile: delete passkey dialog',
  'sign-in-accounts': 'Profile: sign-in accounts (social connections)',
  'sign-in-accounts-refused': 'Profile: sign-in accounts, removing the last one refused',
};

/** The providers of the sign-in accounts scenes: the built-in three and an app's own. */
const offered = {
  google: { client_id: 'google-client', name: 'Google' },
  github: { client_id: 'github-client', name: 'GitHub' },
  apple: { client_id: 'apple-client', name: 'Apple' },
  'acme-sso': { client_id: 'acme-client', name: 'Acme SSO' },
};
const linked = {
  github: {
    provider_id: '583231',
    provider_identifier: 'ann-example',
    created_at: '2026-04-02T10:00:00Z',
    last_login_at: '2026-11-19T18:20:00Z',
  },
};

/** The sample account in one scene. */
export function profileSample(scene: ProfileScene): ProfileSample {
  if (scene === 'sign-in-accounts' || scene === 'sign-in-accounts-refused')
    return { user, devices, metadata, scene, offered, socialConnections: linked };
  return { user, devices, metadata, scene };
}
