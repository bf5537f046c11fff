import { PassageError } from './passage-error';

export interface HttpOptions {
  /** Base of the identity API, e.g. `https://id.example.com`; the page's origin when empty. */
  apiUrl: string;
  headers: Record<string, string>;
  fetch?: typeof fetch;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function readError(response: Response): Promise<PassageError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { code?: string; error?: string };
    return new PassageError(response.status, body.code ?? '', body.error ?? '');
  } catch {
    return new PassageError(response.status, '', text);
  }
}

/** One JSON call to the API. Non-2xx answers and network failures become a PassageError. */
export async function request<T>(
  options: HttpOptions,
  method: Method,
  path: string,
  body?: unknown,
): Promise<T> {
  const base = options.apiUrl.replace(/\/+$/, '');
  const init: RequestInit = { method, headers: { ...options.headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${base}${path}`, init);
  } catch (error) {
    throw new PassageError(0, 'network_error', (error as Error).message || 'Network Error');
  }
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
