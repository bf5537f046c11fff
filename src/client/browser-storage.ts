/** Access to localStorage and document.cookie that degrades to memory outside a browser (tests, SSR). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface CookieJar {
  /** `document.cookie` as read. */
  read(): string;
  /** One `document.cookie = …` assignment. */
  write(cookie: string): void;
}

export function memoryStorage(): KeyValueStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

export function defaultStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // storage disabled (privacy mode): fall through
  }
  return memoryStorage();
}

export function defaultCookies(): CookieJar {
  if (typeof document === 'undefined') return { read: () => '', write: () => undefined };
  return {
    read: () => document.cookie,
    write: (cookie) => {
      document.cookie = cookie;
    },
  };
}

export function readCookie(jar: CookieJar, name: string): string | undefined {
  for (const part of jar.read().split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** `secure` except on plain-http localhost (as Passage's token store). */
export function secureFlag(): string {
  if (typeof location === 'undefined') return '; Secure';
  return location.protocol === 'http:' ? '' : '; Secure';
}
