import proxyAddr from '@fastify/proxy-addr';

/** Fastify's `trustProxy` as a function: which peer addresses are proxies whose X-Forwarded-* count. */
export type TrustProxy = boolean | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify should use it. A list of addresses and CIDRs becomes proxy-addr's check with its
 * answer remembered per address: Fastify asks it for every `request.ip` and `request.protocol`, and
 * parsing the same addresses again cost more than the rest of an identifier lookup's logging.
 */
export function trustedProxies(setting: boolean | string): TrustProxy {
  if (typeof setting !== 'string') return setting;
  const check = proxyAddr.compile(setting.split(',').map((entry) => entry.trim()));
  const known = new Map<string, boolean>();
  return (address) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      trusted = check(address, 0);
      if (known.size >= 10_000) known.clear(); // addresses seen are bounded; forged ones must not grow it
      known.set(address, trusted);
    }
    return trusted;
  };
}
