/**
 * Users as passage-node's `user.get` answers them, written out with JSON.stringify (Dates as ISO text):
 * four of them, the third with an email that is not one.
 */
export function passageExport() {
  const user = (id: string, email: string, updated: string, extra: Record<string, unknown> = {}) => ({
    id,
    email,
    email_verified: true,
    phone: '',
    phone_verified: false,
    status: 'active',
    external_id: '',
    user_metadata: null,
    created_at: '2024-03-01T10:00:00.000Z',
    updated_at: updated,
    last_login_at: '2025-01-02T03:04:05.000Z',
    login_count: 7,
    recent_events: [],
    social_connections: {},
    webauthn: false,
    webauthn_devices: [],
    webauthn_types: [],
    ...extra,
  });
  return [
    user('2Zt7LsyQyW4MZ1ZbDfHnh7Ps', 'ada@example.com', '2025-01-02T03:04:05.000Z', {
      user_metadata: { team: 'core' },
    }),
    user('kV6AzQdCTa1nYz7Ld8UY3bpG', 'grace@example.com', '2025-02-01T00:00:00.000Z', {
      phone: '+14155550102',
      phone_verified: true,
      last_login_at: null,
      login_count: 0,
    }),
    user('badRow000000000000000003', 'not an email', '2025-02-01T00:00:00.000Z'),
    user('Hq0dFJ1xV3zqUe9sTz5Zb1cM', 'linus@example.com', '2025-03-01T00:00:00.000Z', { status: 'inactive' }),
  ];
}
