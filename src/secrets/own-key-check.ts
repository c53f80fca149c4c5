import { PrivateKey } from '@hiero-ledger/sdk';
import { RunScanner } from './run-scanner.js';

/** A hex run this long may hold a whole key glued to a few letters (e.g. `seed<64 hex>`). */
const MAX_HEX_CANDIDATE = 72;
/** Derivations are costly (~0.3 ms); verdicts on recent candidates are kept. */
const MAX_VERDICTS = 1024;

const HEX = /[0-9a-f]+/gi;
const DER_KEY_HEADER = '0420';

type Curve = 'ed25519' | 'ecdsa';

/**
 * Recognises a whole private key by the public key it belongs to: the SDK Client does not expose
 * its operator's private key (it keeps only a signing closure), but it does expose the public key,
 * and 32 bytes are the operator's private key exactly when they derive that public key. So the
 * operator's key is found raw, `0x…`, upper-case, in DER, hex or base64, with nothing registered
 * but the client. (Any DER private key is cut anyway; knowing it is the agent's own lets the kit
 * refuse it in every input field, see input-screen.ts.)
 *
 * @example
 * const check = new OwnKeyCheck();
 * check.addPublicKey(client.operatorPublicKey);
 * check.redact(`key: ${operatorKey.toStringRaw()}`); // 'key: [REDACTED]'
 */
export class OwnKeyCheck extends RunScanner {
  /** 32 bytes are at least 43 base64 characters. */
  protected readonly shortestRun = 43;
  private readonly publicKeys: Record<Curve, Set<string>> = { ed25519: new Set(), ecdsa: new Set() };
  private readonly verdicts = new Map<string, boolean>();

  override get empty(): boolean {
    return this.publicKeys.ed25519.size === 0 && this.publicKeys.ecdsa.size === 0;
  }

  /** Adds a PublicKey from any SDK copy; anything else is ignored. True when the key is new here. */
  addPublicKey(key: unknown): boolean {
    const probe = key as { type?: unknown; toBytesRaw?: unknown } | null | undefined;
    if (!probe || typeof probe.toBytesRaw !== 'function') return false;
    const type = String(probe.type ?? '');
    const curve: Curve | undefined = /ed25519/i.test(type) ? 'ed25519' : /secp256k1|ecdsa/i.test(type) ? 'ecdsa' : undefined;
    if (!curve) return false;
    const hex = Buffer.from((probe.toBytesRaw as () => Uint8Array).call(probe)).toString('hex');
    if (this.publicKeys[curve].has(hex)) return false;
    this.publicKeys[curve].add(hex);
    this.verdicts.clear(); // a "not ours" verdict may be wrong now
    return true;
  }

  protected override runHolds(run: string): boolean {
    for (const [hex] of run.matchAll(HEX)) {
      if (hex.length < 64) continue;
      const lower = hex.toLowerCase();
      for (const at of hexCandidates(lower)) if (this.isOwn(lower.slice(at, at + 64))) return true;
    }
    for (const candidate of base64Candidates(run)) if (this.isOwn(candidate)) return true;
    return false;
  }

  private isOwn(hex: string): boolean {
    let verdict = this.verdicts.get(hex);
    if (verdict === undefined) {
      verdict = this.derivesOwnPublicKey(Buffer.from(hex, 'hex'));
      if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.clear();
      this.verdicts.set(hex, verdict);
    }
    return verdict;
  }

  private derivesOwnPublicKey(bytes: Uint8Array): boolean {
    for (const curve of ['ed25519', 'ecdsa'] as const) {
      if (this.publicKeys[curve].size === 0) continue;
      try {
        const key = curve === 'ed25519' ? PrivateKey.fromBytesED25519(bytes) : PrivateKey.fromBytesECDSA(bytes);
        if (this.publicKeys[curve].has(Buffer.from(key.publicKey.toBytesRaw()).toString('hex'))) return true;
      } catch {
        // Not a valid scalar on that curve: not a key of it.
      }
    }
    return false;
  }
}

/** Where 32 key bytes may start in a hex run: anywhere in a short run, after a DER `04 20` in any run. */
function hexCandidates(hex: string): number[] {
  const starts: number[] = [];
  if (hex.length <= MAX_HEX_CANDIDATE) for (let at = 0; at + 64 <= hex.length; at++) starts.push(at);
  // Every DER private key puts its 32 bytes right after an OCTET STRING header: 04 20.
  for (let at = hex.indexOf(DER_KEY_HEADER); at !== -1; at = hex.indexOf(DER_KEY_HEADER, at + 1)) {
    if (at % 2 === 0 && at + DER_KEY_HEADER.length + 64 <= hex.length) starts.push(at + DER_KEY_HEADER.length);
  }
  return starts;
}

/** The hex of each 32 bytes a base64 run may carry as a key: the whole run (raw), or after a DER `04 20`. */
function base64Candidates(run: string): string[] {
  const body = run.replace(/=+$/, '');
  if (/^[0-9a-f]+$/i.test(body)) return [];
  const bytes = Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const candidates = bytes.length === 32 ? [bytes.toString('hex')] : [];
  for (let at = 0; at + 34 <= bytes.length; at++) {
    if (bytes[at] === 0x04 && bytes[at + 1] === 0x20) candidates.push(bytes.subarray(at + 2, at + 34).toString('hex'));
  }
  return candidates;
}
