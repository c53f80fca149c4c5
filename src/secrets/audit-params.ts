import { isPrivateKey } from '../values/sdk-values.js';
import { REDACTED, redactBare32Bytes, redactPrivateKeys } from '../values/private-key-patterns.js';
import { toJsonValue } from '../lifecycle/to-json.js';

export { REDACTED };

/** Field names whose values are secrets whatever they look like. */
const SECRET_NAME = /(private|secret|mnemonic|seed|passphrase|password)/i;
/** Field names that hold keys; their values are kept only when they are recognisably public. */
const KEY_NAME = /key$/i;
/** A bare 32-byte hex string: a raw private key as often as a raw public key, so redacted under key-like names. */
const RAW_32_BYTES = /^(0x)?[0-9a-f]{64}$/i;

/**
 * Renders tool params for an audit entry: SDK values become their string forms (as in results),
 * and anything that could be a private key is replaced by `[REDACTED]`: PrivateKey objects, fields
 * named like secrets, private-key DER hex anywhere inside any string, and raw 32-byte hex under
 * key-like names (padded or not).
 * Fails closed: a value it cannot render becomes `[UNRENDERABLE]`, never its internals. These are
 * the checks that need no knowledge of the kit: the journal then passes every entry through the
 * kit's KeyRedactor, which cuts the agent's own keys in any encoding (see AuditJournal.open).
 *
 * @example
 * auditParams({ key: PrivateKey.generateED25519(), amount: new Hbar(1) }) // { key: '[REDACTED]', amount: '1 ℏ' }
 */
export function auditParams(value: unknown): unknown {
  return render(value, '', 0, new WeakSet());
}

function render(value: unknown, name: string, depth: number, seen: WeakSet<object>): unknown {
  if (isPrivateKey(value)) return REDACTED;
  if (SECRET_NAME.test(name) && value !== undefined && value !== null) return REDACTED;
  const plain = toJsonValue(value);
  if (typeof plain === 'string') return redactString(plain, name);
  if (typeof plain === 'number') return Number.isFinite(plain) ? plain : String(plain);
  if (plain === null || typeof plain === 'boolean') return plain;
  if (plain === undefined || typeof plain === 'function' || typeof plain === 'symbol') return undefined;
  if (typeof plain !== 'object') return String(plain);
  if (depth > 16 || seen.has(plain)) return '[UNRENDERABLE]';
  seen.add(plain);
  try {
    if (plain instanceof Date) return Number.isNaN(plain.getTime()) ? String(plain) : plain.toISOString();
    if (Array.isArray(plain)) return plain.map((item) => render(item, name, depth + 1, seen) ?? null);
    const proto = Object.getPrototypeOf(plain);
    if (proto !== Object.prototype && proto !== null) {
      // A class instance with neither toString nor toJSON: its fields may hold anything, so only its kind is kept.
      if (typeof (plain as { toJSON?: unknown }).toJSON === 'function') return render((plain as { toJSON(): unknown }).toJSON(), name, depth + 1, seen);
      return `[${plain.constructor?.name ?? 'object'}]`;
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(plain)) {
      const rendered = render(item, key, depth + 1, seen);
      if (rendered !== undefined) out[key] = rendered;
    }
    return out;
  } finally {
    seen.delete(plain);
  }
}

/** Padding does not make a key public: the tools trim their input, so the audit must see through it too. */
function redactString(text: string, name: string): string {
  if (KEY_NAME.test(name) && RAW_32_BYTES.test(text.trim())) return REDACTED;
  return redactPrivateKeys(text);
}

/**
 * Renders an error message or policy reason for an audit entry. Messages quote the input they refuse,
 * which cannot tell a raw private key from a raw public key, so bare 32-byte hex goes as well.
 *
 * @example
 * auditMessage(`amount: got "${key.toStringRaw()}"`); // 'amount: got "[REDACTED]"'
 */
export function auditMessage(message: unknown): string {
  return redactBare32Bytes(redactPrivateKeys(String(message)));
}
