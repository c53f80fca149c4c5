import { expect } from 'chai';
import sinon from 'sinon';
import { LedgerId, PrivateKey, type Client } from '@hiero-ledger/sdk';
import { HederaAgentAPI as KitHederaAgentAPI, type Context as KitContext, type IHederaMirrornodeService } from '@hashgraph/hedera-agent-kit';
import { coreAccountQueryPlugin } from '@hashgraph/hedera-agent-kit/plugins';
import { mirrornodeServiceFor } from '../../../src/compat/kit-mirrornode-service.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';
import coreEvmPlugin from '../../../plugins/core-evm/index.js';

/**
 * Clients of the devnet name their ledger (LOCAL_NODE), so what picks things by ledger ID works on
 * them without `client.setLedgerId(...)`: the EVM tools find the devnet's factories, and the Hedera
 * Agent Kit's own API accepts the client and its query tools run.
 */
describe('devnet clients', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  const sandbox = sinon.createSandbox();

  before(async () => {
    net = await startDevnet({ operatorKey: PrivateKey.generateECDSA() });
    client = net.client();
  });
  after(() => net.stop());
  afterEach(() => sandbox.restore());

  it('name their ledger LOCAL_NODE, from net.client() and from createDevnetClient', () => {
    expect(client.ledgerId?.toString()).to.equal(LedgerId.LOCAL_NODE.toString());
    const other = createDevnetClient(net.grpcAddress, net.operatorId, net.operatorKey);
    try {
      expect(other.ledgerId?.isLocalNode()).to.equal(true);
    } finally {
      other.close();
    }
  });

  describe('when the EVM tools run on one that was given no ledger ID', () => {
    it("create an ERC-20 token through the devnet's factory instead of answering E_CONFIG", async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreEvmPlugin], mirrorNodeUrl: net.mirrorUrl });
      try {
        const result = await kit.execute('create_erc20_tool', { tokenName: 'Local', tokenSymbol: 'LCL' });
        expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
        expect(result.raw.transactionId).to.match(/^0\.0\.2@/);
        expect(result.raw.erc20Address).to.match(/^0x[0-9a-f]{40}$/);
      } finally {
        await kit.close();
      }
    });
  });

  describe("when the Hedera Agent Kit's query tool runs on one that was given no ledger ID", () => {
    it("is accepted by that kit's HederaAgentAPI, and reads the mirror given, there and here", async () => {
      sandbox.stub(console, 'error');
      const context: KitContext = { mirrornodeService: mirrornodeServiceFor(net.mirrorUrl) as unknown as IHederaMirrornodeService };
      // Its API refuses a client without a ledger ID ("Client must be connected to a network").
      const theirs = new KitHederaAgentAPI(client, context, coreAccountQueryPlugin.tools(context));
      const their = JSON.parse(await theirs.run('get_hbar_balance_query_tool', {})) as { raw: Record<string, unknown> };
      expect(their.raw).to.include({ status: 'SUCCESS', accountId: net.operatorId });
      const ours = await createAgentKit({ client, pluginsDir: null, plugins: [coreAccountQueryPlugin as Plugin], mirrorNodeUrl: net.mirrorUrl });
      try {
        const result = await ours.execute('get_hbar_balance_query_tool', {});
        expect(result.raw).to.deep.equal(their.raw);
      } finally {
        await ours.close();
      }
    });
  });
});
