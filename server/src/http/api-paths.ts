/** Paths the API owns (data, never the site's pages): an unknown one is a JSON 404, never HTML. */
const API_PREFIXES = ['/v1/', '/api/', '/dev/', '/admin/'];

/** The development pages below /dev/ (dev/view-gallery.ts): a page and its scripts, with the site's policy. */
const DEV_PAGES = /^\/dev\/(views\/?([?#]|$)|build\/)/;

export const isApiPath = (url: string): boolean =>
  API_PREFIXES.some((prefix) => url.startsWith(prefix)) && !DEV_PAGES.test(url);
