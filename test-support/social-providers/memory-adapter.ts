import type { Adapter, AdapterPayload } from 'oidc-provider';

/** All test providers' stored artifacts, by model name and id: a test run is one process. */
const stores = new Map<string, Map<string, AdapterPayload>>();

/**
 * oidc-provider's storage for the test providers: a plain map, given explicitly so the library does not
 * warn at each start that its own in-memory default is for development only.
 */
export class MemoryAdapter implements Adapter {
  private readonly store: Map<string, AdapterPayload>;

  constructor(name: string) {
    this.store = stores.get(name) ?? new Map();
    stores.set(name, this.store);
  }

  async upsert(id: string, payload: AdapterPayload): Promise<void> {
    this.store.set(id, payload);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.store.get(id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return [...this.store.values()].find((payload) => payload.uid === uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return [...this.store.values()].find((payload) => payload.userCode === userCode);
  }

  async consume(id: string): Promise<void> {
    const payload = this.store.get(id);
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [id, payload] of this.store) if (payload.grantId === grantId) this.store.delete(id);
  }
}
