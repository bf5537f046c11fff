/** Reads a JWT without verifying it (the server verifies; the client only checks expiry). */
function decodePart(part: string | undefined): Record<string, unknown> | undefined {
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export function decodeJwt(token: string): {
  header?: Record<string, unknown>;
  payload?: Record<string, unknown>;
} {
  const [header, payload] = token.split('.');
  return { header: decodePart(header), payload: decodePart(payload) };
}

/** Valid when the header says RS256 / JWT and `exp` has not passed. */
export function isAuthTokenValid(token: string | null | undefined, now = Date.now()): boolean {
  if (!token) return false;
  const { header, payload } = decodeJwt(token);
  if (header?.alg !== 'RS256' || header.typ !== 'JWT') return false;
  return typeof payload?.exp === 'number' && payload.exp * 1000 > now;
}
