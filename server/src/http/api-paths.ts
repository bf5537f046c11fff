/** Paths the API owns (data, never the site's pages): an unknown one is a JSON 404, never HTML. */
const API_PREFIXES = ['/v1/', '/api/', '/dev/', '/admin/'];

/** The development pages below /dev/ (dev/view-gallery.ts): a page and its scripts, with the site's policy. */
const DEV_PAGES = /^\/dev\/(views\/?$|build\/)/;

/** `http://host` in a request target of the absolute form (`GET http://host/v1/… HTTP/1.1`). */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * A request URL's path as the router reads it: the absolute form's path, without query or fragment,
 * percent-decoded except for reserved characters (`%2F` stays). `/%64ev/` is `/dev/`, as routed.
 */
export function routedPath(url: string): string {
  const path = url.replace(ABSOLUTE_FORM, '').split(/[?#]/, 1)[0] || '/';
  try {
    return decodeURI(path);
  } catch {
    return path; // not decodable: the router refuses it with 400 anyway
  }
}

export const isApiPath = (url: string): boolean => {
  const path = routedPath(url);
  return API_PREFIXES.some((prefix) => path.startsWith(prefix)) && !DEV_PAGES.test(path);
};
