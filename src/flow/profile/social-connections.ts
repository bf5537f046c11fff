/**
 * The profile's sign-in accounts (docs/profile-element.md): the providers linked to the user
 * and those the app offers besides, Connect (the provider, then back to this page with a code that
 * signs the same user in) and Remove (the server refuses to remove the last way to sign in).
 */
import type { AppInfo } from '../../client/app-info';
import type { SocialConnection } from '../../contract/social';
import { providerName, SOCIAL_CALLBACK_PARAMS, socialCallback, socialFailure } from '../social';
import type { Message } from '../view-state';
import type { ProfileChange } from './profile-events';
import type { ProfileHost } from './profile-host';
import type { ProfileClient, ProfilePage } from './profile-ports';

export type SocialConnections = Record<string, SocialConnection>;

/** One row of the section: a provider, and its link to the user when there is one. */
export interface SocialRow {
  type: string;
  name: string;
  connection?: SocialConnection;
}

/** Whether the app offers any provider (else the section, and its request, are left out). */
export const offersSocial = (app: AppInfo | null): boolean =>
  Object.keys(app?.social_connections ?? {}).length > 0;

/** The offered providers in the app's order, then any linked one the app no longer offers. */
export function socialRows(app: AppInfo | null, linked: SocialConnections): SocialRow[] {
  const offered = Object.keys(app?.social_connections ?? {});
  const types = [...offered, ...Object.keys(linked).filter((type) => !offered.includes(type))];
  return types.map((type) => {
    const connection = linked[type];
    return { type, name: providerName(app ?? {}, type), ...(connection ? { connection } : {}) };
  });
}

/** What coming back from a provider's Connect gave: linked, or the callback's refusal. */
export type SocialOutcome =
  { ok: true; connection: string } | { ok: false; connection: string; message: Message };

/**
 * Finishes a Connect when the page is its callback (`code` and `state` of this tab's pending sign-in):
 * the parameters leave the address first, then the code signs the same user in again.
 */
export async function openSocialCallback(
  page: Pick<ProfilePage, 'href' | 'replacePath'>,
  client: Pick<ProfileClient, 'socialPending' | 'finishSocial' | 'forgetSocial'>,
  app: AppInfo,
): Promise<SocialOutcome | null> {
  // A relative base: a preview's page has no address (and only the path is written back).
  const url = new URL(page.href(), 'http://profile.invalid');
  const callback = socialCallback(url.search, client.socialPending());
  if (!callback) return null;
  for (const name of SOCIAL_CALLBACK_PARAMS) url.searchParams.delete(name);
  page.replacePath(url.pathname + url.search + url.hash);
  const { connection } = callback;
  if (callback.kind === 'error') {
    client.forgetSocial();
    return { ok: false, connection, message: socialFailure({ code: callback.error }, app, connection) };
  }
  try {
    await client.finishSocial(callback.code);
    return { ok: true, connection };
  } catch (error) {
    return { ok: false, connection, message: socialFailure(error, app, connection) };
  }
}

/** Connect, Remove, and what the page says once a Connect came back. */
export class ProfileSocial {
  constructor(private readonly host: ProfileHost) {}

  private name(type: string): string {
    return providerName(this.host.view().app ?? {}, type);
  }

  private emit(change: ProfileChange): void {
    this.host.ports.emit(change);
  }

  /** Connect: the server's URL for the provider, where the page goes (the code comes back here). */
  connect(type: string): Promise<void> {
    const page = this.host.ports.page;
    return this.host.run(
      'connect-social',
      'failed-to-connect-sign-in-account',
      (client) => client.linkSocial(type, page.href().replace(/#.*$/, '')),
      (url) => page.assign(url),
    );
  }

  /** Remove, then the list as the server has it now. */
  remove(type: string): Promise<void> {
    return this.host.run(
      'remove-social',
      'failed-to-remove-sign-in-account',
      async (client) => {
        await client.unlinkSocial(type);
        return client.socialConnections();
      },
      (socialConnections) => {
        this.host.set({ socialConnections });
        this.emit({ type: 'social-removed', connection: type });
        this.host.announce('social', 'sign-in-account-removed', { provider: this.name(type) });
      },
    );
  }

  /** Says what a Connect gave, in the section, once the profile shows. */
  report(outcome: SocialOutcome): void {
    const { connection } = outcome;
    if (outcome.ok) {
      this.emit({ type: 'social-connected', connection });
      if (this.host.view().status === 'ready')
        this.host.announce('social', 'sign-in-account-connected', { provider: this.name(connection) });
      return;
    }
    const { message } = outcome;
    const text =
      'text' in message
        ? message.text
        : this.host.ports.translator().t(message.key, { 0: this.name(connection) });
    if (this.host.view().alert === null) this.host.set({ alert: text, failedAt: 'social' });
    this.emit({ type: 'error', action: 'connect-social', message: text });
  }
}
