import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/** The smallest CBOR encoder an authenticator needs: unsigned/negative ints, bytes, text, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(length, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts = [...value.entries()].flatMap(([k, v]) => [cbor(k), cbor(v)]);
    return Buffer.concat([head(5, value.size), ...parts]);
  }
  throw new Error(`cannot CBOR-encode ${typeof value}`);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

interface SoftwareCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: Buffer;
  counter: number;
}

/** What a ceremony may bend, to produce each refusal the server must make. */
export interface Tamper {
  origin?: string;
  type?: string;
  challenge?: string;
  rpId?: string;
  userVerified?: boolean;
  /** The signature counter to report instead of the next one. */
  counter?: number;
  userHandle?: string;
}

type Json = Record<string, unknown>;

/**
 * A passkey authenticator in plain Node: ES256 keys from node:crypto, 'none' attestation,
 * resident credentials, user verification unless told otherwise. Produces exactly the JSON
 * Passage's browser client sends (base64url everywhere, transports beside `response`).
 */
export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  constructor(
    readonly origin: string,
    private readonly options: { counterStep?: number; backupEligible?: boolean } = {},
  ) {}

  /** `navigator.credentials.create()` on `publicKey` (the server's creation options). */
  create(publicKey: Json, tamper: Tamper & { credentialId?: Buffer } = {}): Json {
    const rp = publicKey.rp as { id: string };
    const user = publicKey.user as { id: string };
    const { privateKey, publicKey: pub } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = pub.export({ format: 'jwk' });
    const credential: SoftwareCredential = {
      id: tamper.credentialId ?? randomBytes(32),
      privateKey,
      publicKey: pub,
      rpId: rp.id,
      userHandle: Buffer.from(user.id, 'base64url'),
      counter: 0,
    };
    const coseKey = new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      this.authDataHead(tamper.rpId ?? rp.id, FLAG_AT, tamper, 0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      cbor(coseKey),
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    const id = credential.id.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        attestationObject: attestationObject.toString('base64url'),
        clientDataJSON: this.clientData('webauthn.create', publicKey.challenge as string, tamper),
      },
      transports: ['internal', 'hybrid'],
    };
  }

  /** `navigator.credentials.get()`: uses an allowed credential, or any resident one for the RP. */
  get(publicKey: Json, tamper: Tamper & { credential?: SoftwareCredential } = {}): Json {
    const allowed = ((publicKey.allowCredentials as { id: string }[] | undefined) ?? []).map((c) => c.id);
    const credential =
      tamper.credential ??
      this.credentials.find(
        (c) =>
          c.rpId === publicKey.rpId && (allowed.length === 0 || allowed.includes(c.id.toString('base64url'))),
      );
    if (!credential) throw new Error('NotAllowedError: no credential for this request');
    credential.counter = tamper.counter ?? credential.counter + (this.options.counterStep ?? 1);
    const authData = this.authDataHead(tamper.rpId ?? credential.rpId, 0, tamper, credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', publicKey.challenge as string, tamper);
    const signed = Buffer.concat([
      authData,
      createHash('sha256').update(Buffer.from(clientDataJSON, 'base64url')).digest(),
    ]);
    const id = credential.id.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: authData.toString('base64url'),
        signature: sign('sha256', signed, credential.privateKey).toString('base64url'),
        userHandle: tamper.userHandle ?? credential.userHandle.toString('base64url'),
      },
    };
  }

  private authDataHead(rpId: string, extraFlags: number, tamper: Tamper, counter: number): Buffer {
    const uv = tamper.userVerified ?? true;
    const be = this.options.backupEligible ? FLAG_BE | FLAG_BS : 0;
    const flags = FLAG_UP | (uv ? FLAG_UV : 0) | be | extraFlags;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string, tamper: Tamper): string {
    const data = {
      type: tamper.type ?? type,
      challenge: tamper.challenge ?? challenge,
      origin: tamper.origin ?? this.origin,
      crossOrigin: false,
    };
    return Buffer.from(JSON.stringify(data)).toString('base64url');
  }
}
