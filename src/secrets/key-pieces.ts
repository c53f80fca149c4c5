import { RunScanner } from './run-scanner.js';

/** The shortest piece of a known key recognised as hex: 64 bits, never met by chance. */
export const MIN_HEX_PIECE = 16;
/** The shortest piece recognised as base64: 72 bits. */
export const MIN_BASE64_PIECE = 12;

/**
 * Recognises pieces of private keys whose bytes the kit knows (its operator's key, given at kit
 * creation): every 16-character window of the key's hex and every 12-character window of its base64,
 * at the three alignments base64 can give 32 bytes inside a longer encoding (raw, DER, anything).
 * So a key cut in two across two fields, upper-cased, `0x`-prefixed or base64-encoded is still found.
 *
 * @example
 * const pieces = new KeyPieces();
 * pieces.add(key.toBytesRaw());
 * pieces.redact(`half: ${key.toStringRaw().slice(0, 32)}`); // 'half: [REDACTED]'
 */
export class KeyPieces extends RunScanner {
  /** Runs of base64 (standard or URL-safe, so hex and `0x…` too); a hit replaces the whole run, leaving no remnant. */
  protected readonly shortestRun = MIN_BASE64_PIECE;
  private readonly hex = new Set<string>();
  private readonly base64 = new Set<string>();

  override get empty(): boolean {
    return this.hex.size === 0;
  }

  add(raw: Uint8Array): void {
    const hex = Buffer.from(raw).toString('hex');
    for (let at = 0; at + MIN_HEX_PIECE <= hex.length; at++) this.hex.add(hex.slice(at, at + MIN_HEX_PIECE));
    for (const core of base64Cores(raw)) {
      for (let at = 0; at + MIN_BASE64_PIECE <= core.length; at++) this.base64.add(core.slice(at, at + MIN_BASE64_PIECE));
    }
  }

  protected override runHolds(run: string): boolean {
    // Most runs tested are words and names of 12 to 15 characters: too short for a hex piece, and
    // free of the URL-safe characters, so one set lookup decides them.
    if (run.length >= MIN_HEX_PIECE) {
      const lower = run.toLowerCase();
      for (let at = 0; at + MIN_HEX_PIECE <= lower.length; at++) if (this.hex.has(lower.slice(at, at + MIN_HEX_PIECE))) return true;
    }
    const standard = run.includes('-') || run.includes('_') ? run.replace(/-/g, '+').replace(/_/g, '/') : run;
    for (let at = 0; at + MIN_BASE64_PIECE <= standard.length; at++) if (this.base64.has(standard.slice(at, at + MIN_BASE64_PIECE))) return true;
    return false;
  }
}

/**
 * The base64 characters that depend on the key's bytes alone, for each of the three positions the
 * key can start at within a 3-byte group (raw keys start at 0, ED25519 DER at 1, ECDSA DER at 0).
 */
function base64Cores(raw: Uint8Array): string[] {
  const cores: string[] = [];
  for (let lead = 0; lead < 3; lead++) {
    const padded = Buffer.concat([Buffer.alloc(lead), Buffer.from(raw), Buffer.alloc(3)]);
    const text = padded.toString('base64');
    const keyStart = lead * 8;
    const keyEnd = keyStart + raw.length * 8;
    // Character i encodes bits [6i, 6i + 6); keep those wholly inside the key.
    const first = Math.ceil(keyStart / 6);
    const last = Math.floor(keyEnd / 6) - 1;
    cores.push(text.slice(first, last + 1));
  }
  return cores;
}
