import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../db/database.js';
import { isoNow } from '../security/clock.js';
import { newId } from '../security/random.js';

const generateRsaKeyPair = promisify(generateKeyPair);

/** A public key as published in the JWKS (all six members the Passage SDKs require). */
export interface PublicJwk {
  kty: 'RSA';
  alg: 'RS256';
  use: 'sig';
  kid: string;
  n: string;
  e: string;
}

export interface AppKeys {
  /** Signs new tokens: the app's oldest unretired key, so racing instances agree on it. */
  signing: { kid: string; privateKey: KeyObject };
  /** Every unretired key by kid, for verification. */
  verifying: Map<string, KeyObject>;
  jwks: PublicJwk[];
}

/** Unknown kids trigger at most one reload per app in this interval (another instance may have added a key). */
const RELOAD_INTERVAL_MS = 10_000;

/** An instance reads its cached keys again after this long, so key changes reach every instance. */
const REFRESH_AFTER_MS = 60_000;

interface CachedKeys {
  keys: Promise<AppKeys>;
  loadedAt: number;
  refreshing: boolean;
}

/**
 * Per-app RS256 keys, RSA-3072 by default, persisted in the database and generated on first use.
 * Instances that find no key at once each generate one, and the database keeps only the first
 * (migration 0020): all of them then sign with and publish the same key.
 * The imported keys are cached in memory: signing never waits for the database after the first call.
 * The cache is read again in the background every minute (while the old keys go on signing), and at
 * once when a token names a kid not known here, so keys added or retired elsewhere reach every instance.
 */
export class SigningKeys {
  private readonly cache = new Map<string, CachedKeys>();
  private readonly lastReload = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly modulusLength = 3072,
  ) {}

  forApp(appId: string): Promise<AppKeys> {
    const cached = this.cache.get(appId);
    if (!cached) return this.reload(appId);
    if (!cached.refreshing && Date.now() - cached.loadedAt >= REFRESH_AFTER_MS) {
      this.refresh(appId, cached);
    }
    return cached.keys;
  }

  /** The verification key for `kid`, reloading once in a while when the kid is not known here yet. */
  async verifyingKey(appId: string, kid: string): Promise<KeyObject | undefined> {
    const known = (await this.forApp(appId)).verifying.get(kid);
    if (known) return known;
    const last = this.lastReload.get(appId) ?? 0;
    if (Date.now() - last < RELOAD_INTERVAL_MS) return undefined;
    this.lastReload.set(appId, Date.now());
    return (await this.reload(appId)).verifying.get(kid);
  }

  /** Reads the keys now; callers wait for them (first use, unknown kid). */
  private reload(appId: string): Promise<AppKeys> {
    const cached: CachedKeys = { keys: this.load(appId), loadedAt: Date.now(), refreshing: false };
    cached.keys.catch(() => {
      if (this.cache.get(appId) === cached) this.cache.delete(appId);
    });
    this.cache.set(appId, cached);
    return cached.keys;
  }

  /** Reads the keys again while the cached ones go on serving; a failure keeps them until the next try. */
  private refresh(appId: string, cached: CachedKeys): void {
    cached.refreshing = true;
    this.load(appId).then(
      (keys) => {
        if (this.cache.get(appId) !== cached) return;
        this.cache.set(appId, { keys: Promise.resolve(keys), loadedAt: Date.now(), refreshing: false });
      },
      () => {
        cached.loadedAt = Date.now();
        cached.refreshing = false;
      },
    );
  }

  private async load(appId: string): Promise<AppKeys> {
    let rows = await this.activeRows(appId);
    if (rows.length === 0) {
      await this.generate(appId);
      rows = await this.activeRows(appId);
    }
    const [first] = rows;
    if (!first) throw new Error(`no signing key for app ${appId}`);
    const verifying = new Map<string, KeyObject>();
    const jwks: PublicJwk[] = [];
    for (const row of rows) {
      const jwk = JSON.parse(row.public_jwk) as PublicJwk;
      verifying.set(row.kid, createPublicKey({ key: { ...jwk } as JsonWebKey, format: 'jwk' }));
      jwks.push(jwk);
    }
    const privateKey = createPrivateKey({ key: JSON.parse(first.private_jwk) as JsonWebKey, format: 'jwk' });
    return { signing: { kid: first.kid, privateKey }, verifying, jwks };
  }

  private activeRows(appId: string) {
    return this.db
      .selectFrom('signing_keys')
      .select(['kid', 'private_jwk', 'public_jwk'])
      .where('app_id', '=', appId)
      .where('retired_at', 'is', null)
      .orderBy('created_at')
      .orderBy('kid')
      .execute();
  }

  /** Inserts a new key unless another instance's first-use key got there first (then nothing changes). */
  private async generate(appId: string): Promise<void> {
    const { privateKey, publicKey } = await generateRsaKeyPair('rsa', { modulusLength: this.modulusLength });
    const kid = newId();
    const { n, e } = publicKey.export({ format: 'jwk' });
    const publicJwk: PublicJwk = { kty: 'RSA', alg: 'RS256', use: 'sig', kid, n: n ?? '', e: e ?? '' };
    await this.db
      .insertInto('signing_keys')
      .values({
        kid,
        app_id: appId,
        private_jwk: JSON.stringify(privateKey.export({ format: 'jwk' })),
        public_jwk: JSON.stringify(publicJwk),
        created_at: isoNow(),
        retired_at: null,
        first_use: 1,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}
