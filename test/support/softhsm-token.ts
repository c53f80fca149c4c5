import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** SoftHSM2's PKCS#11 library, as Debian's softhsm2 package installs it. */
export const SOFTHSM_MODULE = '/usr/lib/softhsm/libsofthsm2.so';

/** A SoftHSM2 token this test made in a folder of its own, with keys imported and generated in it. */
export interface TestToken {
  readonly label: string;
  readonly pin: string;
  /** The SOFTHSM2_CONF the signer must see (set on process.env by makeTestToken, for in-process use). */
  readonly conf: string;
  /** Key labels: imported from a PKCS#8 PEM (as node:crypto writes it) and generated in the token. */
  readonly keys: { readonly edImported: string; readonly edGenerated: string; readonly k1Imported: string; readonly k1Generated: string };
  /** The PKCS#8 PEMs imported, to compare the public keys with. */
  readonly pems: { readonly ed: string; readonly k1: string };
  remove(): void;
}

/** Why PKCS#11 tests cannot run here, or undefined. In CI (which installs softhsm2 and opensc) a missing tool fails instead. */
export function softHsmMissing(): string | undefined {
  const missing = ['softhsm2-util', 'pkcs11-tool'].filter((tool) => spawnSync(tool, ['--help'], { stdio: 'ignore' }).error);
  if (missing.length === 0) return undefined;
  const reason = `${missing.join(' and ')} not installed (apt-get install softhsm2 opensc); PKCS#11 tests are skipped`;
  if (process.env.CI) throw new Error(`${reason} — but CI is set, and in CI they must run.`);
  return reason;
}

/**
 * Initialises a fresh token under a temporary folder and puts four keys in it: Ed25519 and
 * secp256k1, each once imported (softhsm2-util --import) and once generated in the token
 * (pkcs11-tool --keypairgen), since the two store the public point differently.
 */
export function makeTestToken(): TestToken {
  const dir = mkdtempSync(path.join(tmpdir(), 'softhsm-'));
  mkdirSync(path.join(dir, 'tokens'));
  const conf = path.join(dir, 'softhsm2.conf');
  writeFileSync(conf, `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  process.env.SOFTHSM2_CONF = conf;
  const env = { ...process.env, SOFTHSM2_CONF: conf };
  const label = 'signer-test';
  const pin = '1234';
  const run = (tool: string, args: string[]): void => void execFileSync(tool, args, { env, stdio: 'pipe' });
  run('softhsm2-util', ['--init-token', '--free', '--label', label, '--so-pin', '5678', '--pin', pin]);
  const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  writeFileSync(path.join(dir, 'ed.pem'), ed);
  writeFileSync(path.join(dir, 'k1.pem'), k1);
  run('softhsm2-util', ['--import', path.join(dir, 'ed.pem'), '--token', label, '--label', 'ed-imported', '--id', '01', '--pin', pin]);
  run('softhsm2-util', ['--import', path.join(dir, 'k1.pem'), '--token', label, '--label', 'k1-imported', '--id', '02', '--pin', pin]);
  const generate = (type: string, keyLabel: string, id: string): void =>
    run('pkcs11-tool', ['--module', SOFTHSM_MODULE, '--token-label', label, '--login', '--pin', pin, '--keypairgen', '--key-type', type, '--label', keyLabel, '--id', id]);
  generate('EC:edwards25519', 'ed-generated', '03');
  generate('EC:secp256k1', 'k1-generated', '04');
  rmSync(path.join(dir, 'ed.pem'));
  rmSync(path.join(dir, 'k1.pem'));
  return {
    label,
    pin,
    conf,
    keys: { edImported: 'ed-imported', edGenerated: 'ed-generated', k1Imported: 'k1-imported', k1Generated: 'k1-generated' },
    pems: { ed, k1 },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
