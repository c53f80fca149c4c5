import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import { createKitFromConfig, type ConfiguredKit } from '../../../src/config/create-kit-from-config.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { localNetworkOf } from '../../support/local-devnet-config.js';
import { makeTestToken, softHsmMissing, type TestToken } from '../../support/softhsm-token.js';
import { accountWithKey, AGENT_TOKEN, mirrorBalance, publicKeyOfPem, startTokenSigner } from '../../support/signer-attack-world.js';

/*
 * The agent side in one line: "signer" in the agent's configuration, its token in the environment, no
 * key anywhere in the agent's process. An ECDSA (secp256k1) account whose key is in a SoftHSM2 token.
 * A transfer the signer allows reaches the ledger; one it refuses comes back from kit.execute as a
 * readable refusal, nothing submitted — not a crash, not UNKNOWN.
 */
describe('a kit signing through the policy signer ("signer" in the configuration, ECDSA key in SoftHSM2)', function () {
  this.timeout(120_000);
  let net: Devnet;
  let operator: Client;
  let token: TestToken;
  let treasury: string;
  let recipient: string;
  let world: Awaited<ReturnType<typeof startTokenSigner>>;
  let configured: ConfiguredKit;
  let agentDir: string;

  before(async function () {
    const missing = softHsmMissing();
    if (missing) {
      process.stdout.write(`      (skipped: ${missing})\n`);
      this.skip();
    }
    net = await startDevnet();
    operator = net.client();
    token = makeTestToken();
    treasury = await accountWithKey(operator, publicKeyOfPem(token.pems.k1, 'ecdsa'), 100);
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
    world = await startTokenSigner(net, token, { account: treasury, keyLabel: token.keys.k1Imported, store: 'memory', policies: [{ policy: 'MaxTransferPolicy', args: [{ hbar: 5 }] }] });
    agentDir = mkdtempSync(path.join(tmpdir(), 'signer-agent-'));
    const loaded = parseConfig({ ...localNetworkOf(net), signer: { url: world.signer.url, tokenEnv: 'SIGNER_TOKEN' } }, path.join(agentDir, 'agent-hooks.config.json'), agentDir);
    configured = await createKitFromConfig(loaded, { env: { SIGNER_TOKEN: AGENT_TOKEN } });
  });

  after(async () => {
    await configured?.close();
    await world?.signer.stop();
    world?.remove();
    if (agentDir) rmSync(agentDir, { recursive: true, force: true });
    await net?.stop();
    token?.remove();
  });

  it('the kit pays as the signer\'s account, and a transfer the signer allows reaches the ledger', async () => {
    expect(configured.client.operatorAccountId?.toString()).to.equal(treasury);
    const before = await mirrorBalance(net, recipient);
    const result = await configured.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 2 }] });
    expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
    expect(await mirrorBalance(net, recipient)).to.equal(before + 200_000_000n);
  });

  it("a transfer the signer refuses is a blocked result with the signer's reason: not sent, not UNKNOWN", async () => {
    const before = await mirrorBalance(net, treasury);
    const result = await configured.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 20 }] });
    expect(result.raw).to.include({ status: 'ERROR', errorCode: 'E_SIGNER_REFUSED', submitted: false });
    expect(result.raw.transactionId).to.equal(undefined);
    expect((result.raw.refusedBy as { reason: string }).reason).to.match(/Max Transfer|cap|at most|exceeds/i);
    expect(result.humanMessage).to.match(/refused by the policy signer.*Nothing was sent/);
    expect(await mirrorBalance(net, treasury), 'nothing left the account').to.equal(before);
  });
});
