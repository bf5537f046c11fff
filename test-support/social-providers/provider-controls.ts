import type { IncomingMessage } from 'node:http';

/** Who the next sign-in at a test provider is. */
export interface TestUser {
  /** The provider's id of the user (`sub`, GitHub's numeric id as text). */
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

let users = 0;
/** A fresh user with an email no other test uses. */
export function defaultUser(): TestUser {
  users += 1;
  const id = `${Date.now().toString(36)}${users}${Math.random().toString(36).slice(2, 8)}`;
  return { sub: `user-${id}`, email: `social-${id}@example.com`, email_verified: true };
}

/** What a test can make every test provider do. */
export interface ProviderControls {
  /** Who signs in next (default: a fresh verified user). */
  user: TestUser;
  /** The user declines on the provider's page: it answers `error=access_denied`. */
  deny: boolean;
  /** The token endpoint answers 500. */
  failToken: boolean;
  /** How many code exchanges reached the provider. */
  tokenRequests: number;
  reset(): void;
}

/**
 * The callback URLs the providers accept, like the "authorized redirect URIs" of a provider's console.
 * Empty: any URL on this machine (127.0.0.1 or localhost), so a test may start its server after them.
 */
export class RedirectList {
  private readonly urls = new Set<string>();

  add(url: string): void {
    this.urls.add(url);
  }

  allows(url: string): boolean {
    if (this.urls.size > 0) return this.urls.has(url);
    if (!URL.canParse(url)) return false;
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost');
  }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
