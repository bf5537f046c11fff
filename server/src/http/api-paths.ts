/** Paths the API owns (data, never the site's pages): an unknown one is a JSON 404, never HTML. */
const API_PREFIXES = ['/v1/', '/api/', '/dev/', '/admin/'];

export const isApiPath = (url: string): boolean => API_PREFIXES.some((prefix) => url.startsWith(prefix));
