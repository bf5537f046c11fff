import { VERIFY_LINK_PARAM } from '../home-view';
import type { MessageKey } from '../../i18n';
import type { FlowError } from '../ports';
import type { IdentifierType } from '../view-state';
import type { ProfileHost } from './profile-host';
import type { ProfileClient, ProfilePage } from './profile-ports';

/** Ours: which identifier the link confirms, so the page can say "successfully changed email". */
const VERIFY_KIND_PARAMETER = 'psg_verify_type';

const ANY_ORIGIN = 'http://profile.invalid';

function pathOf(url: URL): string {
  return url.pathname + url.search + url.hash;
}

/**
 * The `magic_link_path` sent with an email or phone change: the page where the confirmation link
 * should land (`verify-link-path`, or the page's own path), without any old link token and marked with
 * the kind of identifier. Always a path on the app's origin: a full URL keeps only its path.
 */
export function confirmationPath(path: string, kind: IdentifierType): string {
  const url = new URL(path || '/', ANY_ORIGIN);
  url.searchParams.delete(VERIFY_LINK_PARAM);
  url.searchParams.set(VERIFY_KIND_PARAMETER, kind);
  return pathOf(url);
}

export interface VerifyLink {
  token: string;
  /** null when the link does not say (made by another client). */
  kind: IdentifierType | null;
  /** The page's address without the link's parameters, for `history.replaceState`. */
  cleanPath: string;
}

/** The confirmation link the page was opened with, if any. */
export function readVerifyLink(href: string): VerifyLink | null {
  const url = new URL(href, ANY_ORIGIN);
  const token = url.searchParams.get(VERIFY_LINK_PARAM);
  if (!token) return null;
  const kind = url.searchParams.get(VERIFY_KIND_PARAMETER);
  url.searchParams.delete(VERIFY_LINK_PARAM);
  url.searchParams.delete(VERIFY_KIND_PARAMETER);
  return { token, kind: kind === 'email' || kind === 'phone' ? kind : null, cleanPath: pathOf(url) };
}

/** What opening an email/phone change confirmation link gave. */
export type LinkOutcome = { ok: true; identifier: IdentifierType | null } | { ok: false; key: MessageKey };

/** What the profile announces once a link confirmed a change. */
const CONFIRMED: Record<IdentifierType | 'unknown', MessageKey> = {
  email: 'successfully-changed-email',
  phone: 'successfully-changed-phone',
  unknown: 'identifier-change-confirmed',
};

/**
 * Confirms an email/phone change when the page was opened with its link (`?psg_verify_link=`).
 * The link's parameters leave the address first, so a reload cannot spend it twice. Activation signs
 * the link's user in, so the profile loads after it.
 */
export async function openVerifyLink(
  page: Pick<ProfilePage, 'href' | 'replacePath'>,
  client: Pick<ProfileClient, 'magicLinkActivate'>,
): Promise<LinkOutcome | null> {
  const link = readVerifyLink(page.href());
  if (!link) return null;
  page.replacePath(link.cleanPath);
  try {
    await client.magicLinkActivate(link.token);
    return { ok: true, identifier: link.kind };
  } catch (error) {
    const invalid = (error as FlowError | undefined)?.statusCode === 404;
    return { ok: false, key: invalid ? 'link-invalid' : 'verification-failed-please-try-again' };
  }
}

/** Says what the link did, once the profile shows the result. */
export function reportVerifyLink(host: ProfileHost, link: LinkOutcome): void {
  if (!link.ok) {
    const message = host.ports.translator().t(link.key);
    // A failed load's alert stays; otherwise the error shows with the rows the link would change.
    if (host.view().alert === null) host.set({ alert: message, failedAt: 'login-info' });
    host.ports.emit({ type: 'error', action: 'confirm-identifier-change', message });
    return;
  }
  host.ports.emit({ type: 'identifier-change-confirmed', identifier: link.identifier });
  if (host.view().status === 'ready') host.announce('login-info', CONFIRMED[link.identifier ?? 'unknown']);
}
