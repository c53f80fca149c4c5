import { PrivateKey } from '@hiero-ledger/sdk';
import { isPrivateKey, isSdkClient } from '../values/sdk-values.js';
import { invalidArgument } from '../errors/index.js';
import { jsonReplacer, toJsonValue } from '../lifecycle/to-json.js';
import { KeyPieces, MIN_BASE64_PIECE } from './key-pieces.js';
import { OwnKeyCheck } from './own-key-check.js';
import { containsPrivateKey, redactBare32Bytes, redactPrivateKeys } from '../values/private-key-patterns.js';
import { redactDeep, type RedactRules } from './redact-deep.js';
import { longestRun } from './run-scanner.js';

/** A private key the kit must keep in: a PrivateKey from any SDK copy, or its DER or raw hex. */
export type SecretKey = PrivateKey | string;

/**
 * The one place that decides what key material is, for every way out of the kit: results, errors,
 * warnings, block reasons, logs, the audit journal and HCS, and tool input bound for the ledger.
 * It cuts any private key in a self-describing form (DER hex or base64, PEM), and the kit's own keys
 * in every encoding: raw, `0x…`, upper-case, base64, and pieces of at least 16 hex / 12 base64
 * characters (for keys whose bytes it was given), or whole (for clients, whose public key is all
 * the SDK lets anyone read).
 *
 * @example
 * const redactor = new KeyRedactor();
 * redactor.protectClient(client);   // the operator's key, recognised by its public key
 * redactor.protectKey(operatorKey); // and pieces of it, now that its bytes are known
 * redactor.redact(`memo ${operatorKey.toStringRaw().slice(8, 40)}`); // 'memo [REDACTED]'
 */
export class KeyRedactor {
  private readonly pieces = new KeyPieces();
  private readonly owners = new OwnKeyCheck();
  /**
   * Object keys, as redacted: results and entries reuse a few dozen names (`humanMessage`,
   * `transactionId`), each long enough to need a scan every time otherwise. Emptied whenever a key
   * is protected, since an earlier verdict may be wrong then; bounded, so odd names cannot grow it.
   */
  private readonly names = new Map<string, string>();
  /** Made once: every result goes through redactValue, which would otherwise make its rules per call. */
  private readonly keepingInstances: RedactRules = { text: (text) => this.redact(text), name: (key) => this.redactName(key), shortestCut: MIN_BASE64_PIECE, instance: keepInstance };
  private readonly renderingInstances: RedactRules = {
    text: (text) => this.redact(text),
    name: (key) => this.redactName(key),
    shortestCut: MIN_BASE64_PIECE,
    instance: (instance) => (instance instanceof Error ? `${instance.name}: ${instance.message}` : toJsonValue(instance)),
  };

  /**
   * Protects a private key's bytes, so pieces of it are recognised too. Throws (without echoing
   * the value) when `secret` is neither a PrivateKey nor the DER or raw hex of one.
   */
  protectKey(secret: unknown, label = 'secret key'): void {
    const raw = rawBytesOf(secret);
    if (!raw) throw invalidArgument(`${label} is not a private key; expected a PrivateKey, or its DER or raw hex (the value is not shown).`);
    this.pieces.add(raw);
    if (isPrivateKey(secret)) this.owners.addPublicKey(secret.publicKey);
    this.names.clear();
  }

  /** Protects the operator key of a client (and of any client an audit hook logs with). */
  protectClient(client: unknown): void {
    // Only a key new here can change an earlier verdict on a name.
    if (isSdkClient(client) && this.owners.addPublicKey(client.operatorPublicKey)) this.names.clear();
  }

  /** Cuts any self-describing private key and the kit's own key material out of `text`. */
  redact(text: string): string {
    // Every result field and log line comes through here: most hold no run long enough to matter.
    if (text.length < MIN_BASE64_PIECE) return text;
    const longest = longestRun(text);
    if (longest < MIN_BASE64_PIECE) return text;
    const named = longest >= MIN_WHOLE_KEY_RUN || text.includes(PEM_MARK) ? redactPrivateKeys(text) : text;
    const cut = this.pieces.redact(named);
    return longest >= MIN_WHOLE_KEY_RUN ? this.owners.redact(cut) : cut;
  }

  /** {@link redact} for an object key, remembered (see `names`). */
  private redactName(key: string): string {
    let redacted = this.names.get(key);
    if (redacted === undefined) {
      redacted = this.redact(key);
      if (this.names.size >= MAX_NAMES) this.names.clear();
      this.names.set(key, redacted);
    }
    return redacted;
  }

  /** For texts that describe a failure: bare 32-byte hex goes too (see redactBare32Bytes). */
  redactFailure(text: string): string {
    return redactBare32Bytes(this.redact(text));
  }

  /** True when `text` holds (a piece of) one of the kit's own keys. */
  holdsOwnKey(text: string): boolean {
    if (text.length < MIN_BASE64_PIECE) return false;
    const longest = longestRun(text);
    if (longest < MIN_BASE64_PIECE) return false;
    return this.pieces.holds(text) || (longest >= MIN_WHOLE_KEY_RUN && this.owners.holds(text));
  }

  /** True when `text` holds any private key this redactor would cut. */
  holdsKey(text: string): boolean {
    return containsPrivateKey(text) || this.holdsOwnKey(text);
  }

  /**
   * The value with every string (and object key) redacted, copied only where something changed.
   * Class instances are kept as they are (a result's transaction stays a transaction); PrivateKey
   * objects are replaced. For values rendered later, see {@link renderValue} and {@link toJson}.
   */
  redactValue<T>(value: T): T {
    return redactDeep(value, this.keepingInstances) as T;
  }

  /** The value as JSON-safe data (SDK values as their string forms), redacted: for log fields. */
  renderValue(value: unknown): unknown {
    return redactDeep(value, this.renderingInstances);
  }

  /** `toJson` of the redacted value; strings that class instances render to are redacted as well. */
  toJson(value: unknown, space?: number): string {
    const redact = (text: string): string => this.redact(text);
    return JSON.stringify(
      this.redactValue(value),
      function (this: unknown, key: string, item: unknown) {
        const out = jsonReplacer.call(this, key, item);
        return typeof out === 'string' ? redact(out) : out;
      },
      space,
    );
  }
}

/** More distinct object keys than any set of tools uses. */
const MAX_NAMES = 1024;
/** 32 bytes are at least 43 base64 or 64 hex characters in a row; a PEM body line is 64. */
const MIN_WHOLE_KEY_RUN = 42;
const PEM_MARK = 'PRIVATE KEY-----';

/** The 32 private-key bytes of a PrivateKey (any SDK copy) or of its DER or raw hex, `0x` or not. */
function rawBytesOf(secret: unknown): Uint8Array | undefined {
  if (isPrivateKey(secret)) return secret.toBytesRaw();
  if (typeof secret !== 'string') return undefined;
  const hex = secret.trim().replace(/^0x/i, '');
  if (/^[0-9a-f]{64}$/i.test(hex)) return Buffer.from(hex, 'hex');
  try {
    return PrivateKey.fromStringDer(hex).toBytesRaw();
  } catch {
    return undefined;
  }
}

function keepInstance(instance: object): object {
  return instance;
}
