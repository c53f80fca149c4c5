import { expect } from 'chai';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateKey } from '@hiero-ledger/sdk';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { runCliIn } from '../../support/cli-run.js';

const TOKENS = JSON.stringify({ 'agent-1': 'agent-one-token-0123456789' });

describe('agent-hooks signer: what it refuses before it serves', () => {
  let cwd: string;
  const key = PrivateKey.generateED25519();
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'signer-cli-'));
    writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'local', local: { grpcAddress: '127.0.0.1:9', mirrorUrl: 'http://127.0.0.1:9' } }));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  const signer = (env: Record<string, string>, ...args: string[]) => runCliIn(cwd, env, 'signer', '--account', '0.0.1001', ...args);

  it('needs exactly one key source, naming the three', async () => {
    const none = await signer({ AGENT_HOOKS_SIGNER_TOKENS: TOKENS });
    expect(none.code).to.equal(ExitCode.USAGE);
    expect(none.stderr).to.match(/exactly one key source: --key-env .*--key-file .*--pkcs11-module/);
    const two = await signer({ AGENT_HOOKS_SIGNER_TOKENS: TOKENS, K: key.toStringDer() }, '--key-env', 'K', '--key-file', 'key');
    expect(two.code).to.equal(ExitCode.USAGE);
    expect(two.stderr).to.contain('2 were given');
  });

  it('needs agent tokens: without them any local process could ask for signatures', async () => {
    const run = await signer({ K: key.toStringDer() }, '--key-env', 'K');
    expect(run.code).to.equal(ExitCode.USAGE);
    expect(run.stderr).to.match(/needs the agents' tokens: --tokens-file <file> or AGENT_HOOKS_SIGNER_TOKENS/);
  });

  it('refuses a token shorter than 16 characters and a tokens file others can read, without printing a token', async () => {
    const short = await signer({ K: key.toStringDer(), AGENT_HOOKS_SIGNER_TOKENS: JSON.stringify({ a: 'short-secret' }) }, '--key-env', 'K');
    expect(short.code).to.equal(ExitCode.USAGE);
    expect(short.stderr).to.match(/token of agent "a" must be a string of at least 16 characters/);
    expect(short.stderr).not.to.contain('short-secret');
    const file = join(cwd, 'tokens.json');
    writeFileSync(file, TOKENS);
    chmodSync(file, 0o644);
    const open = await signer({ K: key.toStringDer() }, '--key-env', 'K', '--tokens-file', file);
    expect(open.code).to.equal(ExitCode.USAGE);
    expect(open.stderr).to.match(/can be read or written by other users .*chmod 600/);
  });

  it('refuses a key file others can read, naming its mode, and never prints the key', async () => {
    const file = join(cwd, 'treasury.key');
    writeFileSync(file, key.toStringDer());
    chmodSync(file, 0o644);
    const run = await signer({ AGENT_HOOKS_SIGNER_TOKENS: TOKENS }, '--key-file', file);
    expect(run.code).to.equal(ExitCode.USAGE);
    expect(run.stderr).to.match(/mode 644.*chmod 600/);
    expect(run.stdout + run.stderr).not.to.contain(key.toStringDer());
  });

  it('refuses the embedded devnet (no account of yours lives there) and a non-loopback address without TLS', async () => {
    rmSync(join(cwd, 'agent-hooks.config.json'));
    const devnet = await signer({ AGENT_HOOKS_SIGNER_TOKENS: TOKENS, K: key.toStringDer() }, '--key-env', 'K');
    expect(devnet.code).to.equal(ExitCode.USAGE);
    expect(devnet.stderr).to.match(/serves the network its account lives on/);
    const half = await signer({ AGENT_HOOKS_SIGNER_TOKENS: TOKENS, K: key.toStringDer() }, '--key-env', 'K', '--tls-cert', 'cert.pem');
    expect(half.code).to.equal(ExitCode.USAGE);
    expect(half.stderr).to.contain('--tls-cert and --tls-key go together');
  });

  it('refuses a configuration whose ApprovalPolicy defers its approvals, naming the policy and what holds a signature instead', async () => {
    const config = { network: 'local', local: { grpcAddress: '127.0.0.1:9', mirrorUrl: 'http://127.0.0.1:9' }, policies: [{ policy: 'MaxTransferPolicy', args: [{ hbar: 5 }] }, { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, wait: 'deferred' }] }] };
    writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify(config));
    const run = await signer({ AGENT_HOOKS_SIGNER_TOKENS: TOKENS, K: key.toStringDer() }, '--key-env', 'K', '--port', '0');
    expect(run.code, run.stderr).to.equal(ExitCode.USAGE);
    expect(run.stderr).to.contain('agent-hooks.config.json').and.match(/policies\[1\] \(Approval Policy\) defers its approvals \(wait: 'deferred'\)/).and.contain('in-call is the default');
    expect(run.stderr).not.to.contain(key.toStringDer());
  });
});
