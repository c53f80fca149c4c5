import fc from 'fast-check';
import { PrivateKey } from '@hiero-ledger/sdk';

/**
 * The ways a private key reaches a text in the adversarial runs of issue 11, as fast-check
 * arbitraries, and an oracle that says whether any of it survived in some output. The oracle is
 * written independently of src/secrets: it knows only which characters of each encoding carry key
 * bits, and looks for any 16 of them (hex) or 12 (base64) in a row.
 */
export type KeyKind = 'ED25519' | 'ECDSA';
export const KEY_KINDS: readonly KeyKind[] = ['ED25519', 'ECDSA'];

export function generateKey(kind: KeyKind): PrivateKey {
  return kind === 'ED25519' ? PrivateKey.generateED25519() : PrivateKey.generateECDSA();
}

/** A key written out: `text` as sent, `secret` the characters of it that carry key bits. */
export interface Encoded {
  encoding: string;
  text: string;
  secret: string;
  /** 'hex' pieces are compared case-insensitively, 'base64' ones exactly. */
  alphabet: 'hex' | 'base64';
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/** Drops the base64 characters that mix key bits with the DER prefix or the padding. */
function base64Secret(text: string, prefixBytes: number, keyBytes = 32): string {
  const first = Math.ceil((prefixBytes * 8) / 6);
  const last = Math.floor(((prefixBytes + keyBytes) * 8) / 6);
  return text.slice(first, last);
}

function derPrefixBytes(key: PrivateKey): number {
  return key.toBytesDer().length - 32;
}

/** Every whole encoding the issue lists: DER hex, raw hex, `0x…`, upper-case, base64 of raw or DER. */
export const WHOLE_ENCODINGS: Record<string, (key: PrivateKey) => Encoded> = {
  'DER hex': (key) => ({ encoding: 'DER hex', text: key.toStringDer(), secret: key.toStringRaw(), alphabet: 'hex' }),
  'upper-case DER hex': (key) => ({ encoding: 'upper-case DER hex', text: key.toStringDer().toUpperCase(), secret: key.toStringRaw(), alphabet: 'hex' }),
  '0x DER hex': (key) => ({ encoding: '0x DER hex', text: `0x${key.toStringDer()}`, secret: key.toStringRaw(), alphabet: 'hex' }),
  'raw hex': (key) => ({ encoding: 'raw hex', text: key.toStringRaw(), secret: key.toStringRaw(), alphabet: 'hex' }),
  '0x raw hex': (key) => ({ encoding: '0x raw hex', text: `0x${key.toStringRaw()}`, secret: key.toStringRaw(), alphabet: 'hex' }),
  'upper-case raw hex': (key) => ({ encoding: 'upper-case raw hex', text: key.toStringRaw().toUpperCase(), secret: key.toStringRaw(), alphabet: 'hex' }),
  'upper-case 0X raw hex': (key) => ({ encoding: 'upper-case 0X raw hex', text: `0X${key.toStringRaw().toUpperCase()}`, secret: key.toStringRaw(), alphabet: 'hex' }),
  'base64 of the raw bytes': (key) => {
    const text = base64(key.toBytesRaw());
    return { encoding: 'base64 of the raw bytes', text, secret: base64Secret(text, 0), alphabet: 'base64' };
  },
  'base64 of the DER bytes': (key) => {
    const text = base64(key.toBytesDer());
    return { encoding: 'base64 of the DER bytes', text, secret: base64Secret(text, derPrefixBytes(key)), alphabet: 'base64' };
  },
  'base64url of the DER bytes': (key) => {
    const text = base64url(key.toBytesDer());
    return { encoding: 'base64url of the DER bytes', text, secret: base64Secret(text, derPrefixBytes(key)), alphabet: 'base64' };
  },
};

export const WHOLE_ENCODING_NAMES = Object.keys(WHOLE_ENCODINGS);

/** A piece of a key: at least 16 hex characters of its raw hex, or 12 base64 characters of its base64. */
export function pieceOf(key: PrivateKey, alphabet: 'hex' | 'base64', start: number, length: number): Encoded {
  const whole = alphabet === 'hex' ? key.toStringRaw() : base64Secret(base64(key.toBytesRaw()), 0);
  const min = alphabet === 'hex' ? 16 : 12;
  const size = min + (length % (whole.length - min + 1));
  const at = start % (whole.length - size + 1);
  const text = whole.slice(at, at + size);
  return { encoding: `${size}-character ${alphabet} piece`, text, secret: text, alphabet };
}

/** Where in a text the key sits. */
export const POSITIONS: Record<string, (key: string) => string> = {
  alone: (key) => key,
  padded: (key) => `\n\t ${key} \n`,
  prefix: (key) => `${key} was pasted here`,
  suffix: (key) => `the operator key is ${key}`,
  embedded: (key) => `before "${key}", after`,
  'after a colon': (key) => `key:${key};`,
};
export const POSITION_NAMES = Object.keys(POSITIONS);

/** An encoding of `key` in a position, as fast-check picks them: whole encodings or pieces. */
export function keyText(key: PrivateKey, options: { pieces: boolean }) {
  const whole = fc.constantFrom(...WHOLE_ENCODING_NAMES).map((name) => WHOLE_ENCODINGS[name]!(key));
  const piece = fc.record({ alphabet: fc.constantFrom<'hex' | 'base64'>('hex', 'base64'), start: fc.nat(), length: fc.nat() }).map(({ alphabet, start, length }) => pieceOf(key, alphabet, start, length));
  const encoded = options.pieces ? fc.oneof(whole, piece) : whole;
  return fc.record({ encoded, position: fc.constantFrom(...POSITION_NAMES) }).map(({ encoded, position }) => ({ ...encoded, position, placed: POSITIONS[position]!(encoded.text) }));
}

/** A key cut in two at the middle of its key-bearing characters, each half long enough to be a piece. */
export function splitInTwo(encoded: Encoded): [string, string] {
  const start = encoded.text.toLowerCase().indexOf(encoded.secret.toLowerCase());
  const middle = start + Math.floor(encoded.secret.length / 2);
  return [encoded.text.slice(0, middle), encoded.text.slice(middle)];
}

/**
 * The pieces of `encoded` (16 hex / 12 base64 characters in a row of its key-bearing part) that
 * appear in `output`; empty when nothing leaked. The raw hex of `key` is always looked for as well.
 */
export function leakedPieces(output: string, encoded: Pick<Encoded, 'secret' | 'alphabet'>, key?: PrivateKey): string[] {
  const found: string[] = [];
  const look = (secret: string, size: number, text: string) => {
    for (let at = 0; at + size <= secret.length; at++) if (text.includes(secret.slice(at, at + size))) found.push(secret.slice(at, at + size));
  };
  if (encoded.alphabet === 'hex') look(encoded.secret.toLowerCase(), 16, output.toLowerCase());
  else look(encoded.secret, 12, output);
  if (key) look(key.toStringRaw(), 16, output.toLowerCase());
  return found;
}

/** Text that is not secret and must come through unchanged: IDs, public keys, hashes, short hex. */
export function ordinaryText(publicKeys: readonly string[]) {
  const accountId = fc.tuple(fc.nat(3), fc.nat(3), fc.nat(10_000_000)).map(([s, r, n]) => `${s}.${r}.${n}`);
  const transactionId = fc.tuple(fc.nat(10_000_000), fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), fc.nat(999_999_999))
    .map(([n, seconds, nanos]) => `0.0.${n}@${seconds}.${String(nanos).padStart(9, '0')}`);
  const shortHex = fc.uint8Array({ minLength: 1, maxLength: 7 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`);
  const serial = fc.nat(1_000_000).map(String);
  const sha256 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));
  const hash48 = fc.uint8Array({ minLength: 48, maxLength: 48 }).map((bytes) => Buffer.from(bytes).toString('hex'));
  const word = fc.constantFrom('transfer', 'memo', 'Gold', 'GLD', 'ipfs://bafy/1.json', 'hello world', 'sent by', 'serial');
  const publicKey = fc.constantFrom(...publicKeys);
  const token = fc.oneof(accountId, transactionId, shortHex, serial, sha256, hash48, word, publicKey);
  return fc.array(token, { minLength: 1, maxLength: 4 }).map((tokens) => tokens.join(' '));
}

/** The public forms of a key: DER and raw hex, as they appear in results and topic messages. */
export function publicForms(key: PrivateKey): string[] {
  return [key.publicKey.toStringDer(), key.publicKey.toStringRaw()];
}

/** Pieces of `key` in any of its whole encodings (raw or DER, hex or base64) found in `output`. */
export function keyLeaks(output: string, key: PrivateKey): string[] {
  return WHOLE_ENCODING_NAMES.flatMap((name) => leakedPieces(output, WHOLE_ENCODINGS[name]!(key), key));
}

/** The DER forms that say they are a private key: refused in ledger text whoever's key it is. */
export const SELF_DESCRIBING_ENCODINGS = ['DER hex', 'upper-case DER hex', '0x DER hex', 'base64 of the DER bytes', 'base64url of the DER bytes'];

/** A PEM block of the key's DER, as OpenSSL writes a PKCS#8 key. */
export function pemOf(key: PrivateKey): Encoded {
  const body = Buffer.from(key.toBytesDer()).toString('base64');
  return { encoding: 'PEM', text: `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----`, secret: base64Secret(body, key.toBytesDer().length - 32), alphabet: 'base64' };
}
