import { VERIFY_LINK_PARAM } from '../home-view';
import type { IdentifierType } from '../view-state';

/** Ours: which identifier the link confirms, so the page can say "successfully changed email". */
export const VERIFY_KIND_PARAMETER = 'psg_verify_type';

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
