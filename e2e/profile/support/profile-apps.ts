/** The apps the profile tests run against: the demo's id (so /passageSuccess mounts it) and two variants. */
export const APP_ID = 'opDemo7Kq2Lx9RmT4wYc6dHf';
export const VERIFYING_APP_ID = 'profVerify00000000000001';
export const READ_ONLY_APP_ID = 'profReadOnly000000000001';
/** For the failure tests (their own per-app limits: they send many links). */
export const FAILURES_APP_ID = 'profFailures000000000001';
/** Email sign-in only, and no phone field in the profile. */
export const EMAIL_ONLY_APP_ID = 'profEmailOnly00000000001';

const schema = [
  { id: 'fName', field_name: 'full_name', friendly_name: 'Full name', type: 'string' },
  { id: 'fBorn', field_name: 'birthday', friendly_name: 'Birthday', type: 'date' },
  { id: 'fPets', field_name: 'pets', friendly_name: 'Pets', type: 'integer' },
  { id: 'fNews', field_name: 'newsletter', friendly_name: 'Newsletter', type: 'boolean' },
  { id: 'fMobile', field_name: 'mobile', friendly_name: 'Mobile', type: 'phone' },
  { id: 'fWork', field_name: 'work_email', friendly_name: 'Work email', type: 'email' },
].map((field) => ({ ...field, registration: false, profile: true }));

/** Two fields side by side on the first row, then full-width rows (6-column grid). */
const profileLayout = [
  { id: 'fName', x: 0, y: 0, w: 3, h: 1 },
  { id: 'fBorn', x: 3, y: 0, w: 3, h: 1 },
  { id: 'fPets', x: 0, y: 1, w: 2, h: 1 },
  { id: 'fNews', x: 2, y: 1, w: 4, h: 1 },
  { id: 'fMobile', x: 0, y: 2, w: 6, h: 1 },
  { id: 'fWork', x: 0, y: 3, w: 6, h: 1 },
];

const base = {
  auth_origin: '${PUBLIC_URL}',
  redirect_url: '/passageSuccess',
  allowed_identifier: 'both',
  public_signup: true,
  auth_fallback_method: 'otp',
  user_metadata_schema: schema,
  layouts: { registration: [], profile: profileLayout },
};

export const profileApps = {
  apps: [
    { ...base, id: APP_ID, name: 'Profile test app' },
    { ...base, id: VERIFYING_APP_ID, name: 'Verifying app', require_identifier_verification: true },
    { ...base, id: READ_ONLY_APP_ID, name: 'Read-only app', profile_management: false },
    { ...base, id: FAILURES_APP_ID, name: 'Failures app' },
    {
      ...base,
      id: EMAIL_ONLY_APP_ID,
      name: 'Email-only app',
      allowed_identifier: 'email',
      user_metadata_schema: schema.filter((field) => field.type !== 'phone'),
      layouts: { registration: [], profile: profileLayout.filter((item) => item.id !== 'fMobile') },
    },
  ],
};
