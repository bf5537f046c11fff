/** Builders and the flow harness shared by the flow's unit tests (not part of the bundle: only test
 * files import it). */
import { vi } from 'vitest';
import type { AppInfo } from '../client/app-info';
import type { SocialPending } from '../client/social-storage';
import type { AuthResult, PublicUser } from '../client/types';
import { libphonenumberReader } from '../phone/libphonenumber-reader';
import { AuthFlow } from './auth-flow';
import { type BrowserFeatures, NO_FEATURES } from '../client/features';
import type { HostEventArgs, HostEventName } from './host-events';
import type { AppTarget, FlowClient, FlowOptions, PassageClientCalls } from './ports';
import type { ViewEvent } from './view-state';
// The modules the flow fetches with import() (its later steps), evaluated up front so that each of
// those imports resolves within the test's own turn, as it does in a page once they are downloaded.
import './steps/sign-in-steps';
import './steps/one-time-code';
import './steps/magic-link';
import './steps/passkey-steps';
import './validation/metadata';
import './social';
import './steps/social-steps';

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

// ---- the flow harness: an AuthFlow over an in-memory client, storage and page ----

export const TOKENS: AuthResult = { auth_token: 'jwt', redirect_url: '/done', refresh_token: 'r' };

export class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    message = '',
    readonly code = '',
  ) {
    super(message);
  }
}

/** A new passkey as addDevice answers it: the flow reads only its id. */
export const device = (id: string) => ({ id }) as Awaited<ReturnType<PassageClientCalls['addDevice']>>;

/** An in-memory stand-in for the HTTP client: the flow's logic is tested here; the real client is
 * tested against the real server in src/client. */
export function fakeClient(app: AppInfo, f: BrowserFeatures, users: Record<string, PublicUser> = {}) {
  const client = {
    appInfo: async () => app,
    browserFeatures: async () => f,
    credIdExists: (): boolean => false,
    identifierExists: async (id: string) => users[id] ?? null,
    createUser: async (id: string, _metadata?: Record<string, unknown>) =>
      publicUser({ email: id, status: 'pending' }),
    register: async () => TOKENS,
    login: async () => TOKENS,
    loginConditional: (signal: AbortSignal) =>
      new Promise<AuthResult>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted'))),
      ),
    newRegisterMagicLink: async () => ({ id: 'ml1' }),
    newLoginMagicLink: async () => ({ id: 'ml1' }),
    getMagicLinkStatus: async (): Promise<AuthResult> => {
      throw new ClientError(404);
    },
    magicLinkActivate: async () => TOKENS,
    newRegisterOneTimePasscode: async () => ({ otp_id: 'otp1' }),
    newLoginOneTimePasscode: async () => ({ otp_id: 'otp1' }),
    oneTimePasscodeActivate: async (code: string) => {
      if (code !== '123456') throw new ClientError(400);
      return TOKENS;
    },
    addDevice: async () => device('dev1'),
    currentUserInfo: async () => undefined,
    socialSignInUrl: async (connection: string, redirectUri: string) =>
      `https://id.example/social/authorize?connection_type=${connection}&redirect_uri=${redirectUri}`,
    finishSocialAuthentication: async (_code: string) => TOKENS,
    forgetSocial: () => undefined,
    socialPending: async (): Promise<SocialPending | undefined> => undefined,
    passageClient: async (): Promise<PassageClientCalls> => client,
  } satisfies FlowClient & PassageClientCalls;
  return { client };
}

/** The fake client: the flow's first calls and PassageClient's in one object. */
type FakeClient = FlowClient & PassageClientCalls;

/** Records every call as `name(string args)` (overrides included). */
function recorded(base: FakeClient) {
  const calls: string[] = [];
  const client = {} as Record<string, unknown>;
  for (const [name, impl] of Object.entries(base) as [string, (...a: unknown[]) => unknown][]) {
    client[name] = (...a: unknown[]) => {
      if (!['browserFeatures', 'credIdExists', 'loginConditional', 'socialPending'].includes(name)) {
        calls.push(`${name}(${a.filter((x) => typeof x === 'string').join(',')})`);
      }
      return impl(...a);
    };
  }
  // The client the steps fetch is this recording one.
  client['passageClient'] = async () => client;
  return { client: client as unknown as FakeClient, calls };
}

export function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

export interface Setup {
  app?: Partial<AppInfo>;
  features?: Partial<BrowserFeatures>;
  users?: Record<string, PublicUser>;
  element?: FlowOptions['element'];
  search?: string;
  beforeAuth?: (id: string) => boolean;
  client?: (c: ReturnType<typeof fakeClient>['client']) => void;
  /** Read on every use (the element's default-country-code attribute). */
  country?: () => string;
  /** Counts the phone library loads. */
  phoneLoads?: string[];
  /** Return before start() has finished (it is then in `started`). */
  dontWaitForStart?: boolean;
  /** The page's `shown` (resolved at once by default). */
  shown?: () => Promise<void>;
  /** The element's app id and api-url (`app` on the page's origin by default). */
  target?: Partial<AppTarget>;
}

/** The page's address: a social callback's parameters leave `search` as the flow removes them. */
function fakePage(s: Setup) {
  let search = s.search ?? '';
  const navigations: string[] = [];
  let shownAgain = () => undefined as void;
  const page = {
    search: () => search,
    href: () => `${PAGE_ORIGIN}/passage${search}`,
    // The page leaves: it shows again only from the back-forward cache (`comeBack`).
    navigate: (url: string) => {
      navigations.push(url);
      return new Promise<void>((resolve) => (shownAgain = resolve));
    },
    removeParams: (names: readonly string[]) => {
      const params = new URLSearchParams(search);
      for (const name of names) params.delete(name);
      search = params.size ? `?${params}` : '';
    },
  };
  return { page, navigations, comeBack: () => shownAgain() };
}

const PAGE_ORIGIN = 'http://localhost:5173';

export async function setup(s: Setup = {}) {
  const { client: base } = fakeClient(appInfo(s.app), features(s.features), s.users);
  s.client?.(base);
  const { client, calls } = recorded(base);
  const storage = memoryStore();
  const events: HostEventName[] = [];
  const details: HostEventArgs[] = [];
  const successes: AuthResult[] = [];
  const reloads: string[] = [];
  const { page, navigations, comeBack } = fakePage(s);
  const flow = new AuthFlow({
    element: s.element ?? 'auth',
    defaultCountryCode: s.country ?? (() => 'us'),
    language: () => 'en-US',
    loadPhoneReader: async () => {
      s.phoneLoads?.push('libphonenumber');
      return libphonenumberReader;
    },
    client,
    target: { appId: 'app', pageOrigin: PAGE_ORIGIN, ...s.target },
    storage,
    page: {
      ...page,
      magicLinkPath: () => '/passage',
      reloadWithoutQuery: () => void reloads.push('reload'),
      shown: s.shown ?? (async () => undefined),
    },
    hooks: {
      ...(s.beforeAuth ? { beforeAuth: s.beforeAuth } : {}),
      onSuccess: (r) => void successes.push(r),
      onEvent: (...event) => {
        events.push(event[0]);
        details.push(event);
      },
    },
    log: () => undefined,
  });
  const started = flow.start();
  if (!s.dontWaitForStart) await started;
  const send = async (event: ViewEvent) => {
    flow.dispatch(event);
    await vi.advanceTimersByTimeAsync(0);
  };
  const view = () => flow.state;
  return {
    flow,
    calls,
    storage,
    events,
    details,
    successes,
    reloads,
    navigations,
    comeBack,
    page,
    send,
    view,
    client,
    started,
  };
}

export const ann = publicUser({ email: 'ann@example.com', webauthn_types: ['passkey'] });
