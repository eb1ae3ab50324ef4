import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

// RECORD_SIGNING_KEY: base64 of the PKCS#8 DER form, one line for an environment variable.
export function parseRecordSigningKey(base64: string): KeyObject {
  const key = createPrivateKey({
    key: Buffer.from(base64, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return key;
}

export function generateRecordSigningKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}

// JSON with object keys sorted at every level: the same content always gives the same bytes.
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');

export class RecordSigner {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  // Plain fields (no parameter properties): bench/record-pdf.ts runs this file with Node's type
  // stripping.
  constructor(privateKey: KeyObject) {
    this.privateKey = privateKey;
    this.publicKey = createPublicKey(privateKey);
  }

  // Ed25519 takes the message itself (no separate digest algorithm).
  sign(message: string): string {
    return sign(null, Buffer.from(message), this.privateKey).toString('base64');
  }

  verify(message: string, signature: string): boolean {
    try {
      return verify(null, Buffer.from(message), this.publicKey, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }
}
