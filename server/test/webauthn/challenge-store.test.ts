import { beforeAll, describe, expect, it } from 'vitest';
import { ChallengeStore } from '../../src/webauthn/challenge-store.js';
import { useMigratedDatabase } from '../support/test-database.js';

describe('the WebAuthn challenge store', () => {
  const database = useMigratedDatabase();
  let clock = new Date('2026-01-01T00:00:00.000Z');
  let store: ChallengeStore;

  beforeAll(() => {
    store = new ChallengeStore(database(), () => clock);
  });

  it('hands out a 32-byte random challenge under an opaque handshake id', async () => {
    const a = await store.create('app1', 'login', null, 300_000);
    const b = await store.create('app1', 'login', null, 300_000);
    expect(Buffer.from(a.challenge, 'base64url')).toHaveLength(32);
    expect(a.challenge).not.toBe(b.challenge);
    expect(a.handshakeId).not.toBe(b.handshakeId);
  });

  it('gives a challenge back once, with its user', async () => {
    const stored = await store.create('app1', 'register', 'user1', 300_000);
    expect(await store.consume('app1', 'register', stored.handshakeId)).toEqual({
      ok: true,
      challenge: stored,
    });
    expect(await store.consume('app1', 'register', stored.handshakeId)).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  it('gives a challenge to exactly one of 20 concurrent takers', async () => {
    const stored = await store.create('app1', 'login', 'user1', 300_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.consume('app1', 'login', stored.handshakeId)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('refuses a challenge after its lifetime, and keeps it until then', async () => {
    const kept = await store.create('app1', 'login', null, 300_000);
    const lapsed = await store.create('app1', 'login', null, 300_000);
    clock = new Date(clock.getTime() + 299_000);
    expect((await store.consume('app1', 'login', kept.handshakeId)).ok).toBe(true);
    clock = new Date(clock.getTime() + 1_000);
    expect(await store.consume('app1', 'login', lapsed.handshakeId)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('does not give one app or ceremony the challenge of another', async () => {
    const stored = await store.create('app1', 'register', 'user1', 300_000);
    expect((await store.consume('app2', 'register', stored.handshakeId)).ok).toBe(false);
    expect((await store.consume('app1', 'login', stored.handshakeId)).ok).toBe(false);
    expect((await store.consume('app1', 'add-device', stored.handshakeId)).ok).toBe(false);
  });
});
