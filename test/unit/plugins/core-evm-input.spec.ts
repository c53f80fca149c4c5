import { expect } from 'chai';
import { Client, ContractExecuteTransaction, LedgerId, PrivateKey } from '@hiero-ledger/sdk';
import sinon from 'sinon';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { BaseTool } from '../../../src/lifecycle/base-tool.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import coreEvmPlugin from '../../../plugins/core-evm/index.js';
import { issuesOf, offlineKit, withProtoKey } from './bad-input-support.js';

const word = (value: bigint | number) => BigInt(value).toString(16).padStart(64, '0');

describe('core-evm tools given bad input', () => {
  const sandbox = sinon.createSandbox();
  let env: Awaited<ReturnType<typeof offlineKit>>;
  let normalised: sinon.SinonSpy;

  beforeEach(async () => {
    env = await offlineKit(coreEvmPlugin);
    // normalizeParams is where the operator's key and the mirror are read; bad input never gets that far.
    normalised = sandbox.spy();
    for (const tool of coreEvmPlugin.tools({})) sandbox.stub(Object.getPrototypeOf(tool) as BaseTool, 'normalizeParams').callsFake(normalised);
  });
  afterEach(async () => {
    sandbox.restore();
    await env.close();
    expect(normalised.called, 'bad input must be refused by the schema').to.equal(false);
  });

  const run = (method: string, input: unknown) => env.kit.execute(method, input);

  it('refuses malformed contracts and addresses, naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['transfer_erc20_tool', { contractId: 'gold', recipientAddress: '0.0.5', amount: 1 }, 'contractId: must be a Hedera ID such as 0.0.1234 or an EVM address'],
      ['transfer_erc20_tool', { contractId: '0.0.5', recipientAddress: '0x1234', amount: 1 }, 'recipientAddress: must be a Hedera ID'],
      ['transfer_erc721_tool', { contractId: '0.0.5', fromAddress: 'me', toAddress: '0.0.6', tokenId: 1 }, 'fromAddress: must be a Hedera ID'],
      ['mint_erc721_tool', { contractId: `0x${'g'.repeat(40)}` }, 'contractId: must be a Hedera ID'],
    ];
    for (const [method, input, issue] of cases) expect(issuesOf(await run(method, input)), method).to.contain(issue);
  });

  it('refuses amounts, token IDs, decimals and supplies outside what the contracts take', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['transfer_erc20_tool', { contractId: '0.0.5', recipientAddress: '0.0.6', amount: 0 }, 'amount: must be greater than 0'],
      ['transfer_erc20_tool', { contractId: '0.0.5', recipientAddress: '0.0.6', amount: -2 }, 'amount: must be greater than 0'],
      ['transfer_erc721_tool', { contractId: '0.0.5', toAddress: '0.0.6', tokenId: 1.5 }, 'tokenId: must be a whole number'],
      ['transfer_erc721_tool', { contractId: '0.0.5', toAddress: '0.0.6', tokenId: -1 }, 'tokenId: must be 0 or more'],
      ['create_erc20_tool', { tokenName: 'A', tokenSymbol: 'A', decimals: 256 }, 'decimals: must be at most 255'],
      ['create_erc20_tool', { tokenName: 'A', tokenSymbol: 'A', initialSupply: 1.5 }, 'initialSupply: must be a whole number of tokens'],
      ['create_erc20_tool', { tokenName: ' ', tokenSymbol: 'A' }, 'tokenName: must not be empty'],
      ['create_erc721_tool', { tokenName: 'A', tokenSymbol: 'A', baseURI: 'x'.repeat(1001) }, 'baseURI: must be at most 1000 bytes'],
    ];
    for (const [method, input, issue] of cases) expect(issuesOf(await run(method, input)), `${method} ${JSON.stringify(input)}`).to.contain(issue);
  });

  it('points at the right tool for fields of the HTS tools, and checks schedulingParams as the other transaction tools do', async () => {
    expect(issuesOf(await run('transfer_erc20_tool', { tokenId: '0.0.5', recipientAddress: '0.0.6', amount: 1, contractId: '0.0.5' })))
      .to.contain('"tokenId": an ERC-20 is named by its contract');
    expect(issuesOf(await run('mint_erc721_tool', { contractId: '0.0.5', uris: ['ipfs://1'] }))).to.contain('mint_non_fungible_token_tool');
    expect(issuesOf(await run('create_erc20_tool', { tokenName: 'A', tokenSymbol: 'A', schedulingParams: { isScheduled: 'yes' } }))).to.match(/schedulingParams\.isScheduled: /);
  });

  it('refuses a private key as contract text and an own __proto__ key', async () => {
    const key = PrivateKey.generateED25519().toStringDer();
    expect(issuesOf(await run('create_erc721_tool', { tokenName: 'A', tokenSymbol: 'A', baseURI: key }))).to.contain('baseURI: must not contain a private key');
    expect(issuesOf(await run('mint_erc721_tool', withProtoKey('{"contractId":"0.0.5","__proto__":{"toAddress":"0.0.6"}}')))).to.contain('__proto__');
  });
});

describe('core-evm tools without a network', () => {
  /** A client that never reaches a network, with an ECDSA operator 0.0.2 on a local node. */
  function ecdsaClient(): Client {
    return Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', PrivateKey.generateECDSA()).setLedgerId(LedgerId.LOCAL_NODE);
  }

  it('encodes the factory call exactly: deployToken(name, symbol, decimals, supply) with the kit\'s gas', async () => {
    const client = ecdsaClient();
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreEvmPlugin], context: { mode: AgentMode.RETURN_BYTES, accountId: '0.0.2' } });
    try {
      const result = await kit.execute('create_erc20_tool', { tokenName: 'Gold', tokenSymbol: 'GLD', decimals: 2, initialSupply: 1000 });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      const tx = ContractExecuteTransaction.fromBytes(result.raw.bytes as Uint8Array) as ContractExecuteTransaction;
      const hex = Buffer.from(tx.functionParameters!).toString('hex');
      const text = (value: string) => word(value.length) + Buffer.from(value).toString('hex').padEnd(64, '0');
      expect(hex).to.equal(`b7d02044${word(128)}${word(192)}${word(2)}${word(1000)}${text('Gold')}${text('GLD')}`);
      expect([tx.contractId!.toString(), tx.gas!.toString()]).to.deep.equal(['0.0.1012', '3000000']);
      const nft = ContractExecuteTransaction.fromBytes((await kit.execute('create_erc721_tool', { tokenName: 'Art', tokenSymbol: 'ART' })).raw.bytes as Uint8Array) as ContractExecuteTransaction;
      expect(Buffer.from(nft.functionParameters!).toString('hex')).to.equal(`457902d2${word(96)}${word(160)}${word(224)}${text('Art')}${text('ART')}${word(0)}`);
      expect(nft.contractId!.toString()).to.equal('0.0.1013');
    } finally {
      await kit.close();
      client.close();
    }
  });

  it('refuses an operator with an ED25519 key before anything else, naming the key type', async () => {
    const env = await offlineKit(coreEvmPlugin);
    try {
      const result = await env.kit.execute('create_erc20_tool', { tokenName: 'Gold', tokenSymbol: 'GLD' });
      expect(result.raw).to.include({ status: 'ERROR', errorCode: 'E_CONFIG', stage: 'normalizeParams' });
      expect(result.raw.error).to.equal(
        'create_erc20_tool: EVM tools act only for an account with an ECDSA (secp256k1) key, as in the Hedera Agent Kit; the account that would call the contract, 0.0.2, has an ED25519 key. ' +
          'Nothing was built or sent. Use an operator (or, when returning bytes, a context.accountId) with an ECDSA key.',
      );
    } finally {
      await env.close();
    }
  });
});
