/**
 * `<passage-profile>`'s side of the preview hook (../shared/preview-request.ts), loaded with the first
 * request: a new flow over a sample client that answers from the request's account and never calls the
 * server, then the requested scene (an inline edit, a dialog, a signed-out state…). A request without
 * `profile` gives the element a live flow again.
 */
import type { AppInfo } from '../../client/app-info';
import { ProfileFlow, type ProfileClient, type ProfilePorts } from '../../flow/profile';
import type { PreviewRequest, ProfileSample, ProfileScene } from '../shared/preview-request';
import type { PassageProfile } from './passage-profile';

/** An error shaped as the client raises it (FlowError). */
const failure = (statusCode: number, code: string, body?: unknown) =>
  Object.assign(new Error(''), { statusCode, code, body });

/** The errors of the scenes of a failed load. */
const FAILURES: Partial<Record<ProfileScene, [number, string]>> = {
  'session-expired': [401, 'invalid_access_token'],
  'load-failed': [500, 'internal_error'],
};

/** The errors of the scenes whose app info fails, as the server (or the network) gives them. */
const APP_FAILURES: Partial<Record<ProfileScene, Parameters<typeof failure>>> = {
  'invalid-app': [404, 'app_not_found'],
  'origin-not-allowed': [
    403,
    'origin_not_allowed',
    { origin: 'http://localhost:5173', auth_origin: 'http://localhost:8080' },
  ],
  'server-unreachable': [0, 'network_error'],
};

/** Answers from the sample; changes stay in memory and are reported instead of sent. */
function sampleClient(app: AppInfo, sample: ProfileSample, report: (what: string, detail: unknown) => void) {
  let { user, devices, metadata } = sample;
  let social = sample.socialConnections ?? {};
  const never = new Promise<never>(() => undefined);
  const failed = FAILURES[sample.scene];
  const appFailure = APP_FAILURES[sample.scene];
  const client: ProfileClient = {
    // Fixed addresses, so a preview reads the same on every page.
    target: { appId: app.id, apiUrl: 'http://localhost:8080', pageOrigin: 'http://localhost:5173' },
    appInfo: async () => {
      if (sample.scene === 'loading') return never;
      if (appFailure) throw failure(...appFailure);
      return sample.offered ? { ...app, social_connections: sample.offered } : app;
    },
    hasSession: () => sample.scene !== 'signed-out',
    magicLinkActivate: async () => ({}),
    currentUser: async () => {
      if (failed) throw failure(...failed);
      return user;
    },
    devices: async () => devices,
    userMetadata: async () => metadata,
    identifierExists: async () => false,
    changeIdentifier: async (kind, value) => void report(`change-${kind}`, value),
    updateUserMetadata: async (values) => {
      metadata = values;
      return (user = { ...user, user_metadata: values });
    },
    renameDevice: async (id, friendly_name) => {
      const renamed = { ...devices.find((d) => d.id === id)!, friendly_name };
      devices = devices.map((d) => (d.id === id ? renamed : d));
      return renamed;
    },
    deleteDevice: async (id) => void (devices = devices.filter((d) => d.id !== id)),
    addDevice: async () => void report('add-device', null),
    socialConnections: async () => social,
    unlinkSocial: async (type) => {
      // The refusal the server gives for the last way to sign in (shown in the section's status line).
      if (sample.scene === 'sign-in-accounts-refused')
        throw Object.assign(failure(400, 'last_sign_in_method'), {
          message: 'This is the last way to sign in to this account.',
        });
      social = Object.fromEntries(Object.entries(social).filter(([linked]) => linked !== type));
    },
    linkSocial: async (type) => {
      report('connect-social', type);
      return '';
    },
    socialPending: () => undefined,
    finishSocial: async () => ({}),
    forgetSocial: () => undefined,
    signOut: async () => true,
    credentials: () => ({ [user.id]: devices[0]?.cred_id ?? '' }),
  };
  return client;
}

/** Opens the scene's edit or dialog on the loaded sample. */
function enter(flow: ProfileFlow, sample: ProfileSample): void {
  const device = flow.state.devices[0];
  switch (sample.scene) {
    case 'edit-email':
      return flow.editIdentifier('email');
    case 'edit-phone':
      return flow.editIdentifier('phone');
    case 'edit-metadata':
      return flow.editMetadata();
    case 'rename-device':
      return device && flow.startRename(device);
    case 'learn-more':
      return flow.openLearnMore();
    case 'confirm-delete':
      return device && flow.askDelete(device.id);
    case 'sign-in-accounts-refused':
      return void flow.removeSocial(Object.keys(sample.socialConnections ?? {})[0] ?? '');
  }
}

export async function preview(element: PassageProfile, request: PreviewRequest = {}): Promise<void> {
  const { profile, app, report = () => undefined } = request;
  const live = element.ports;
  const ports: ProfilePorts =
    profile && app
      ? {
          ...live,
          client: () => sampleClient(app, profile, report),
          // No address to read a confirmation link from or to change, no page to leave.
          page: { href: () => '', path: () => '/', replacePath: () => undefined, assign: () => undefined },
          emit: (change) => report(change.type, change),
        }
      : live;
  element.unsubscribe?.();
  const flow = new ProfileFlow(ports);
  element.flow = flow;
  element.view = flow.state;
  element.unsubscribe = flow.subscribe((view) => (element.view = view));
  const loading = flow.load();
  if (profile && profile.scene === 'loading') return;
  await loading;
  if (profile && element.flow === flow) enter(flow, profile);
}
