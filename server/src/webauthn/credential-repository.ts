import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { PreparedQuery } from '../db/prepared-query.js';
import type { WebauthnCredentialsTable } from '../db/schema.js';
import { isUniqueViolation } from '../users/users-repository.js';

export type CredentialType = 'passkey' | 'platform' | 'security_key';

/** A stored passkey, with the database's representation smoothed over. */
export interface StoredCredential {
  id: string;
  appId: string;
  userId: string;
  credId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  aaguid: string;
  deviceType: 'singleDevice' | 'multiDevice';
  backupEligible: boolean;
  backedUp: boolean;
  friendlyName: string;
  usageCount: number;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string;
}

export type NewCredential = Pick<
  StoredCredential,
  | 'appId'
  | 'userId'
  | 'credId'
  | 'publicKey'
  | 'counter'
  | 'transports'
  | 'aaguid'
  | 'deviceType'
  | 'backupEligible'
  | 'backedUp'
  | 'friendlyName'
>;

/** Passage's device kinds: synced passkeys, device-bound platform credentials, roaming keys. */
export function credentialType(
  credential: Pick<StoredCredential, 'backupEligible' | 'transports'>,
): CredentialType {
  if (credential.backupEligible) return 'passkey';
  return credential.transports.includes('internal') ? 'platform' : 'security_key';
}

function fromRow(row: WebauthnCredentialsTable): StoredCredential {
  return {
    id: row.id,
    appId: row.app_id,
    userId: row.user_id,
    credId: row.cred_id,
    publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
    counter: Number(row.counter),
    transports: JSON.parse(row.transports) as string[],
    aaguid: row.aaguid,
    deviceType: row.device_type,
    backupEligible: row.backup_eligible === 1,
    backedUp: row.backed_up === 1,
    friendlyName: row.friendly_name,
    usageCount: Number(row.usage_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastLoginAt: row.last_login_at,
  };
}

/** Thrown when a credential id is already registered, to this or any other user. */
export class DuplicateCredentialError extends Error {}

export class CredentialRepository {
  /** Read by every lookup of an existing user (its passkey summary). */
  private readonly ofUser;

  constructor(private readonly db: Db) {
    this.ofUser = new PreparedQuery(db, (q, appId: string, userId: string) =>
      q
        .selectFrom('webauthn_credentials')
        .selectAll()
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id'),
    );
  }

  /** Stores a new passkey; the unique index on cred_id makes a duplicate fail even under races. */
  async insert(credential: NewCredential, now: Date): Promise<StoredCredential> {
    const at = now.toISOString();
    const row: WebauthnCredentialsTable = {
      id: randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24),
      app_id: credential.appId,
      user_id: credential.userId,
      cred_id: credential.credId,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports),
      aaguid: credential.aaguid,
      device_type: credential.deviceType,
      backup_eligible: credential.backupEligible ? 1 : 0,
      backed_up: credential.backedUp ? 1 : 0,
      friendly_name: credential.friendlyName,
      usage_count: 0,
      created_at: at,
      updated_at: at,
      last_login_at: at,
    };
    try {
      await this.db.insertInto('webauthn_credentials').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateCredentialError('credential id already registered');
      throw error;
    }
    return fromRow(row);
  }

  /** Whether any user of any app already holds this credential id. */
  async credIdExists(credId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('webauthn_credentials')
      .select('id')
      .where('cred_id', '=', credId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async findByCredId(appId: string, credId: string): Promise<StoredCredential | undefined> {
    const row = await this.db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('app_id', '=', appId)
      .where('cred_id', '=', credId)
      .executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  async findForUser(appId: string, userId: string, id: string): Promise<StoredCredential | undefined> {
    const row = await this.db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** A user's passkeys, oldest first. */
  async listForUser(appId: string, userId: string): Promise<StoredCredential[]> {
    return (await this.ofUser.rows(this.db, appId, userId)).map(fromRow);
  }

  /**
   * Records a successful login. Compare-and-set on the counter: if another login moved it since
   * this one read it, nothing is written and false comes back (no lost or reordered updates).
   */
  async recordLogin(
    credential: StoredCredential,
    newCounter: number,
    backedUp: boolean,
    now: Date,
  ): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.db
      .updateTable('webauthn_credentials')
      .set((eb) => ({
        counter: newCounter,
        backed_up: backedUp ? 1 : 0,
        usage_count: eb('usage_count', '+', 1),
        last_login_at: at,
        updated_at: at,
      }))
      .where('id', '=', credential.id)
      .where('counter', '=', credential.counter)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async rename(credential: StoredCredential, friendlyName: string, now: Date): Promise<StoredCredential> {
    const at = now.toISOString();
    await this.db
      .updateTable('webauthn_credentials')
      .set({ friendly_name: friendlyName, updated_at: at })
      .where('id', '=', credential.id)
      .execute();
    return { ...credential, friendlyName, updatedAt: at };
  }

  /** Deletes one passkey; false when it was already gone. */
  async delete(credential: StoredCredential): Promise<boolean> {
    const result = await this.db
      .deleteFrom('webauthn_credentials')
      .where('id', '=', credential.id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
