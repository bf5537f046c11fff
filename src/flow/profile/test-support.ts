/** Fakes for the profile flow's unit tests (not part of the bundle: only test files import it). */
import { vi } from 'vitest';
import type { AppInfo } from '../../client/app-info';
import type { CurrentUser, Device } from '../../client/types';
import type { Translator } from '../../i18n';
import de from '../../i18n/locales/de';
import profileDe from '../../i18n/locales/de-profile';
import { profileEnglish } from '../../i18n/profile';
import { createTranslator } from '../../i18n/translator';
import { libphonenumberReader } from '../../phone/libphonenumber-reader';
import { appInfo, publicUser } from '../test-support';
import type { ProfileChange } from './profile-events';
import { ProfileFlow } from './profile-flow';
import type { FocusTarget, ProfileClient } from './profile-ports';
import type { SocialConnections } from './social-connections';

export const german = createTranslator('de', { ...de, ...profileDe });

/** An error as the client raises it (PassageError's shape). */
export class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code = '',
    message = '',
  ) {
    super(message);
  }
}

/** A change that needs a more recent sign-in, and a session the server no longer accepts. */
export const tooOld = new ClientError(401, 'reauthentication_required', 'sign in again');
export const expired = new ClientError(401, 'invalid_access_token', 'expired');

export function currentUser(patch: Partial<CurrentUser> = {}): CurrentUser {
  return {
    ...publicUser(),
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    last_login_at: '2024-01-02T00:00:00Z',
    login_count: 1,
    webauthn_devices: [],
    ...patch,
  };
}

export function device(id: string, patch: Partial<Device> = {}): Device {
  return {
    id,
    cred_id: `cred-${id}`,
    user_id: 'user1',
    friendly_name: `Key ${id}`,
    type: 'passkey',
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    last_login_at: '',
    usage_count: 0,
    icons: { light: null, dark: null },
    ...patch,
  };
}

/** Resolves `value` after `ms` of (fake) time. */
export function later<T>(ms: number, value: T | (() => T)): Promise<T> {
  return new Promise((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(typeof value === 'function' ? (value as () => T)() : value);
      } catch (error) {
        reject(error);
      }
    }, ms),
  );
}

/** An in-memory identity server for one signed-in user; each method can be overridden. */
export function fakeClient(app: AppInfo, patch: Partial<ProfileClient> = {}) {
  let user = currentUser();
  let devices = [device('d1'), device('d2')];
  let social: SocialConnections = {};
  const client: ProfileClient = {
    target: { appId: app.id, pageOrigin: 'http://localhost:5173' },
    appInfo: async () => app,
    hasSession: () => true,
    magicLinkActivate: async () => ({}),
    currentUser: async () => user,
    devices: async () => devices,
    userMetadata: async () => user.user_metadata ?? {},
    identifierExists: async (identifier) => identifier === 'taken@example.com',
    changeIdentifier: async () => 'ml1',
    updateUserMetadata: async (values) => (user = { ...user, user_metadata: values }),
    renameDevice: async (id, friendly_name) => {
      const renamed = { ...devices.find((d) => d.id === id)!, friendly_name };
      devices = devices.map((d) => (d.id === id ? renamed : d));
      return renamed;
    },
    deleteDevice: async (id) => {
      devices = devices.filter((d) => d.id !== id);
    },
    addDevice: async () => {
      const added = device(`d${devices.length + 1}`);
      devices = [...devices, added];
      return added;
    },
    socialConnections: async () => social,
    unlinkSocial: async (type) => {
      social = Object.fromEntries(Object.entries(social).filter(([linked]) => linked !== type));
    },
    linkSocial: async (type, redirectUri) => `https://app.test/link?type=${type}&back=${redirectUri}`,
    socialPending: () => undefined,
    finishSocial: async () => ({}),
    forgetSocial: () => undefined,
    signOut: async () => true,
    credentials: () => ({}),
    ...patch,
  };
  return {
    client,
    setUser: (patch: Partial<CurrentUser>) => (user = { ...user, ...patch }),
    setDevices: (list: Device[]) => (devices = list),
    setSocial: (linked: SocialConnections) => (social = linked),
  };
}

export interface Setup {
  app?: Partial<AppInfo>;
  client?: Partial<ProfileClient>;
  /** A client per load (the element builds one from its attributes each time). */
  clients?: ProfileClient[];
  href?: string;
  signInUrl?: string;
  verifyLinkPath?: string;
  translator?: Translator;
  loadLanguage?: (appDefault: string) => Promise<void>;
  loadPhoneReader?: () => Promise<typeof libphonenumberReader>;
}

/** A flow on fake ports, recording what it tells the element. */
export function setup(s: Setup = {}) {
  const app = appInfo(s.app);
  const fake = fakeClient(app, s.client);
  const changes: ProfileChange[] = [];
  const focused: FocusTarget[] = [];
  const replaced: string[] = [];
  const assigned: string[] = [];
  const languages: string[] = [];
  const logged: string[] = [];
  const clients = [...(s.clients ?? [])];
  let translator = s.translator ?? profileEnglish;
  const loadPhoneReader = vi.fn(s.loadPhoneReader ?? (async () => libphonenumberReader));
  const flow = new ProfileFlow({
    client: () => clients.shift() ?? fake.client,
    translator: () => translator,
    loadLanguage: s.loadLanguage ?? (async (appDefault) => void languages.push(appDefault)),
    loadPhoneReader,
    defaultCountryCode: () => 'us',
    signInUrl: () => s.signInUrl,
    verifyLinkPath: () => s.verifyLinkPath,
    page: {
      href: () => s.href ?? 'https://app.test/account',
      path: () => '/account',
      replacePath: (path) => void replaced.push(path),
      assign: (url) => void assigned.push(url),
    },
    emit: (change) => void changes.push(change),
    focus: (target) => void focused.push(target),
    log: (message) => void logged.push(message),
  });
  const types = () => changes.map((change) => change.type);
  const setTranslator = (next: Translator) => (translator = next);
  return {
    flow,
    fake,
    changes,
    types,
    focused,
    replaced,
    assigned,
    languages,
    logged,
    loadPhoneReader,
    setTranslator,
  };
}

/** A flow that has loaded the signed-in user. */
export async function ready(s: Setup = {}) {
  const context = setup(s);
  await context.flow.load();
  context.changes.length = 0;
  context.focused.length = 0;
  return context;
}
