// A software WebAuthn authenticator for the tests, standing in for a browser's navigator.credentials: ES256 keys,
// "none" attestation, discoverable credentials. It answers registration and authentication options (as JSON with
// base64url fields, or as supabase-js deserializes them, with ArrayBuffers) with real attestation and assertion
// objects; the answers have toJSON(), as WebAuthn Level 3 credentials do, so supabase-js sends them unchanged.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

type Binary = string | ArrayBuffer | ArrayBufferView;

interface StoredCredential {
  id: Uint8Array;
  privateKey: KeyObject;
  rpId: string;
  userHandle: Uint8Array;
  counter: number;
}

export interface CreationOptions {
  challenge: Binary;
  rp: { id?: string };
  user: { id: Binary };
  excludeCredentials?: Array<{ id: Binary }>;
}

export interface RequestOptions {
  challenge: Binary;
  rpId?: string;
  allowCredentials?: Array<{ id: Binary }>;
}

export interface AuthenticatorAnswer {
  id: string;
  toJSON(): Record<string, unknown>;
}

function bytes(value: Binary): Uint8Array<ArrayBuffer> {
  if (typeof value === 'string') return isoBase64URL.toBuffer(value);
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return Uint8Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
}

const b64url = (value: Uint8Array) => isoBase64URL.fromBuffer(Uint8Array.from(value));
const sha256 = (value: Uint8Array | string) => new Uint8Array(createHash('sha256').update(value).digest());
const uint32 = (value: number) =>
  new Uint8Array([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** User present, user verified; backup eligible and backed up, as a synced passkey. */
const FLAGS = 0x01 | 0x04 | 0x08 | 0x10;
const ATTESTED_DATA = 0x40;

export class SoftwareAuthenticator {
  private readonly credentials: StoredCredential[] = [];

  constructor(
    readonly origin: string,
    /** The AAGUID this model of authenticator reports. */
    private readonly aaguid = new Uint8Array(16).fill(7),
  ) {}

  /** navigator.credentials.create(): a new key pair and its attestation for the relying party. */
  create(options: CreationOptions): AuthenticatorAnswer {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const excluded = (options.excludeCredentials ?? []).map((c) => b64url(bytes(c.id)));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.includes(b64url(c.id)))) {
      throw new Error('InvalidStateError: the authenticator already holds an excluded credential');
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential = {
      id: new Uint8Array(randomBytes(16)),
      privateKey,
      rpId,
      userHandle: bytes(options.user.id),
      counter: 0,
    };
    this.credentials.push(credential);
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const idLength = new Uint8Array([credential.id.length >> 8, credential.id.length & 255]);
    const authData = concat(
      sha256(rpId),
      new Uint8Array([FLAGS | ATTESTED_DATA]),
      uint32(0),
      this.aaguid,
      idLength,
      credential.id,
      coseKey,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const clientData = this.clientData('webauthn.create', options.challenge);
    const json = {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
    return { id: json.id, toJSON: () => json };
  }

  /** navigator.credentials.get(): an assertion by an allowed credential, or any of the RP's (discoverable). */
  get(options: RequestOptions): AuthenticatorAnswer {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = (options.allowCredentials ?? []).map((c) => b64url(bytes(c.id)));
    const credential = this.credentials.find(
      (c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(b64url(c.id))),
    );
    if (!credential) throw new Error('NotAllowedError: no credential for this relying party');
    credential.counter += 1;
    const authData = concat(sha256(rpId), new Uint8Array([FLAGS]), uint32(credential.counter));
    const clientData = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', concat(authData, sha256(clientData)), credential.privateKey);
    const json = {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(new Uint8Array(signature)),
        userHandle: b64url(credential.userHandle),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
    return { id: json.id, toJSON: () => json };
  }

  private clientData(type: string, challenge: Binary): Uint8Array {
    const data = { type, challenge: b64url(bytes(challenge)), origin: this.origin, crossOrigin: false };
    return new TextEncoder().encode(JSON.stringify(data));
  }
}
