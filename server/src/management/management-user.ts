import Type, { type Static } from 'typebox';
import { CurrentUser, type SocialConnection } from 'open-passage/contract';
import { EVENT_TYPES } from '../events/event-types.js';
import type { UserEventRow } from '../events/events-repository.js';
import type { CredentialSummary } from '../users/user-views.js';
import { toCurrentUser } from '../users/user-views.js';
import type { UserRow } from '../users/users-repository.js';
import { userAgentDisplay } from '../webauthn/device-name.js';

/** Passage's `UserRecentEvent`: one entry of the event log (docs/server/management-api.md). */
export const RecentEvent = Type.Object({
  id: Type.String(),
  type: Type.Union(
    EVENT_TYPES.map((type) => Type.Literal(type)),
    { description: 'What happened' },
  ),
  action: Type.Union([Type.Literal('login'), Type.Literal('register'), Type.Literal('other')], {
    description: 'login for sign-ins and refused sign-ins, other for changes to the account',
  }),
  status: Type.Union([Type.Literal('complete'), Type.Literal('incomplete')], {
    description: 'incomplete for a refused sign-in',
  }),
  created_at: Type.String({ format: 'date-time' }),
  completed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'created_at, or null when incomplete',
  }),
  ip_addr: Type.String({ description: 'The client address ("" for an action with no client)' }),
  user_agent: Type.String({ description: 'The raw User-Agent header' }),
  user_agent_display: Type.String({
    description: 'The user agent as people read it, e.g. "Chrome on Linux"',
  }),
  social_login_type: Type.Null({ description: 'Always null: no social sign-in is recorded' }),
  method: Type.Union(
    [
      Type.Literal('passkey'),
      Type.Literal('otp'),
      Type.Literal('magic_link'),
      Type.Literal('social'),
      Type.Null(),
    ],
    {
      description: 'How the user proved who they are, for sign-ins; null for other events',
    },
  ),
});

/** How many events `recent_events` lists, newest first. */
export const RECENT_EVENTS = 10;

/** Passage's management `UserInfo`: the current user plus the keys passage-node maps over. */
export const ManagementUser = Type.Object({
  ...CurrentUser.properties,
  last_login_at: Type.String({
    description: '0001-01-01T00:00:00Z (as Passage) when the user never signed in',
  }),
  external_id: Type.String({ description: 'Always "" (Passage set it for Flex apps only)' }),
  recent_events: Type.Array(RecentEvent, {
    description: `The user's ${RECENT_EVENTS} newest events, newest first`,
  }),
});

export const ManagementUserBody = Type.Object({ user: ManagementUser });

/** What Passage answers for "never signed in": passage-node turns it into a Date, and "" into an Invalid Date. */
const NEVER = '0001-01-01T00:00:00Z';

/** An event of the log in Passage's `UserRecentEvent` shape. */
export function toRecentEvent(row: UserEventRow): Static<typeof RecentEvent> {
  const signIn = row.type === 'login' || row.type === 'login_failed';
  const complete = row.type !== 'login_failed';
  return {
    id: row.id,
    type: row.type as Static<typeof RecentEvent>['type'],
    action: signIn ? 'login' : 'other',
    status: complete ? 'complete' : 'incomplete',
    created_at: row.created_at,
    completed_at: complete ? row.created_at : null,
    ip_addr: row.ip_addr,
    user_agent: row.user_agent,
    user_agent_display: userAgentDisplay(row.user_agent),
    social_login_type: null,
    method: row.method as Static<typeof RecentEvent>['method'],
  };
}

export function toManagementUser(
  row: UserRow,
  credentials: CredentialSummary,
  recentEvents: readonly UserEventRow[] = [],
  socialConnections: Record<string, SocialConnection> = {},
) {
  const user = toCurrentUser(row, credentials, socialConnections);
  return {
    ...user,
    last_login_at: user.last_login_at || NEVER,
    external_id: '',
    recent_events: recentEvents.map(toRecentEvent),
  };
}
