import { expect } from 'chai';
import sinon from 'sinon';
import { ContractExecuteTransaction, LedgerId, PrivateKey, Transaction, type Client } from '@hiero-ledger/sdk';
import { HederaAgentAPI as KitHederaAgentAPI, type Context as KitContext, type IHederaMirrornodeService } from '@hashgraph/hedera-agent-kit';
import { coreEVMPlugin } from '@hashgraph/hedera-agent-kit/plugins';
import { mirrornodeServiceFor } from '../../../src/compat/kit-mirrornode-service.js';
import { MaxTransferPolicy, RecipientAllowlistPolicy, RecipientDenylistPolicy } from '../../../src/policies/index.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { runRealKitTool } from '../../support/real-kit.js';
import { longZero, startEvmWorld, succeeded, type EvmActor, type EvmWorld } from '../plugins/evm-fixtures.js';

type Outcome = { raw: Record<string, any>; humanMessage: string; erc20Address?: string; erc721Address?: string };

/**
 * The Hedera Agent Kit's EVM tools (run as that kit runs them: its schema, then its execute, with our
 * mirror service) beside this project's of the same names, on one devnet with an ECDSA operator.
 */
describe("the Hedera Agent Kit's EVM tools beside this project's, on the same input", function () {
  this.timeout(90_000);
  let world: EvmWorld;
  let kitContext: KitContext;
  let bob: { accountId: string };
  let carol: EvmActor;
  let gold: { contractId: string; address: string };
  const sandbox = sinon.createSandbox();

  const theirs = (method: string, args: unknown, context: KitContext = kitContext, client: Client = world.client): Promise<Outcome> =>
    runRealKitTool(method, args, client, context) as Promise<Outcome>;
  const ours = (method: string, args: unknown) => world.kit.execute(method, args);
  const accepted = (outcome: { raw: Record<string, unknown> }) => outcome.raw.status === 'SUCCESS';

  before(async () => {
    world = await startEvmWorld();
    kitContext = { mirrornodeService: mirrornodeServiceFor(world.net.mirrorUrl) as unknown as IHederaMirrornodeService };
    bob = await world.net.createAccount({ hbar: 5 });
    carol = await world.ecdsaActor(50);
    const raw = succeeded(await ours('create_erc20_tool', { tokenName: 'Gold', tokenSymbol: 'GLD', decimals: 2, initialSupply: 1000 }));
    gold = { contractId: String(raw.erc20ContractId), address: String(raw.erc20Address) };
  });
  afterEach(() => sandbox.restore());
  after(async () => { await world.close(); });

  describe('when transfer_erc20_tool is asked', () => {
    it('runs the kit\'s tool against the devnet (decimals through POST /contracts/call), and both move the same units', async () => {
      const args = { contractId: gold.contractId, recipientAddress: bob.accountId, amount: 1.5 };
      const kits = await theirs('transfer_erc20_tool', args);
      expect(kits.raw.status, kits.humanMessage).to.equal('SUCCESS');
      expect(await world.balanceOf(gold.contractId, longZero(bob.accountId))).to.equal(150n);
      succeeded(await ours('transfer_erc20_tool', args));
      expect(await world.balanceOf(gold.contractId, longZero(bob.accountId))).to.equal(300n);
    });

    it('accepts the same contracts and recipients: Hedera IDs or EVM addresses, and an ECDSA account under its alias', async () => {
      const inputs = [
        { contractId: gold.address, recipientAddress: carol.accountId, amount: 1 },
        { contractId: gold.contractId, recipientAddress: carol.evmAddress, amount: 2 },
        { contractId: gold.address, recipientAddress: longZero(bob.accountId), amount: 0.25 },
      ];
      for (const args of inputs) {
        const [mine, kits] = [await ours('transfer_erc20_tool', args), await theirs('transfer_erc20_tool', args)];
        expect([accepted(mine), accepted(kits)], JSON.stringify(args)).to.deep.equal([true, true]);
      }
      expect(await world.balanceOf(gold.contractId, carol.evmAddress)).to.equal(600n);
      expect(await world.balanceOf(gold.contractId, longZero(bob.accountId))).to.equal(350n);
    });

    it('refuses the same malformed input and contracts that are no ERC-20; ours before anything is sent', async () => {
      const cases = [
        { recipientAddress: bob.accountId, amount: 1 },
        { contractId: gold.contractId, amount: 1 },
        { contractId: gold.contractId, recipientAddress: bob.accountId, amount: 'ten' },
        { contractId: world.net.contracts.erc721Factory.contractId, recipientAddress: bob.accountId, amount: 1 },
      ];
      for (const args of cases) {
        const [mine, kits] = [await ours('transfer_erc20_tool', args), await theirs('transfer_erc20_tool', args)];
        expect([mine.raw.errorCode, kits.raw.status], JSON.stringify(args)).to.deep.equal(['E_INVALID_PARAMS', 'ERROR']);
      }
    });

    it('differs where the kit rounds down: it sends what fits the decimals, ours refuses the extra places', async () => {
      const args = { contractId: gold.contractId, recipientAddress: bob.accountId, amount: 0.019 };
      const before = await world.balanceOf(gold.contractId, longZero(bob.accountId));
      expect((await ours('transfer_erc20_tool', args)).raw.errorCode).to.equal('E_INVALID_PARAMS');
      expect((await theirs('transfer_erc20_tool', args)).raw.status).to.equal('SUCCESS');
      expect(await world.balanceOf(gold.contractId, longZero(bob.accountId))).to.equal(before + 1n);
    });
  });

  describe('when the ERC-721 and create tools are asked', () => {
    it('deploy, mint and transfer alike, and both read the same contract', async () => {
      const [mine, kits] = [await ours('create_erc721_tool', { tokenName: 'Art', tokenSymbol: 'ART', baseURI: 'ipfs://a/' }), await theirs('create_erc721_tool', { tokenName: 'Kit Art', tokenSymbol: 'KART', baseURI: 'ipfs://k/' })];
      expect(kits.erc721Address).to.match(/^0x[0-9a-f]{40}$/);
      const collections = [String(succeeded(mine).erc721ContractId), (await world.mirror.getJson<{ contract_id: string }>(`/contracts/${kits.erc721Address!}`, 'collection')).contract_id];
      for (const collection of collections) {
        expect(accepted(await ours('mint_erc721_tool', { contractId: collection }))).to.equal(true);
        expect(accepted(await theirs('mint_erc721_tool', { contractId: collection, toAddress: carol.accountId }))).to.equal(true);
        expect([await world.ownerOf(collection, 1), await world.ownerOf(collection, 2)]).to.deep.equal([world.operatorEvm, carol.evmAddress]);
        expect(accepted(await theirs('transfer_erc721_tool', { contractId: collection, toAddress: bob.accountId, tokenId: 1 }))).to.equal(true);
        expect(await world.ownerOf(collection, 1)).to.equal(longZero(bob.accountId));
      }
      const info = { mine: await ours('get_contract_info_query_tool', { contractId: collections[1] }), kits: await theirs('get_contract_info_query_tool', { contractId: collections[1] }) };
      expect([info.mine.raw.contractId, info.mine.raw.evmAddress]).to.deep.equal([info.kits.raw.contractId, info.kits.raw.contractInfo.evm_address]);
      expect(info.kits.raw.contractInfo.evm_address).to.equal(kits.erc721Address);
    });

    it('refuse the same out-of-range input', async () => {
      for (const [method, args] of [
        ['create_erc20_tool', { tokenName: 'A', tokenSymbol: 'A', decimals: -1 }],
        ['create_erc20_tool', { tokenName: 'A', tokenSymbol: 'A', initialSupply: 1.5 }],
        ['transfer_erc721_tool', { contractId: gold.contractId, toAddress: bob.accountId }],
        ['mint_erc721_tool', { toAddress: bob.accountId }],
      ] as const) {
        const [mine, kits] = [await ours(method, args), await theirs(method, args)];
        expect([mine.raw.errorCode, kits.raw.status], `${method} ${JSON.stringify(args)}`).to.deep.equal(['E_INVALID_PARAMS', 'ERROR']);
      }
    });
  });

  describe('when bytes are returned for the user to sign', () => {
    it('both prepare the same contract call: contract, encoded function and gas, paid by the user', async () => {
      const context = { mode: AgentMode.RETURN_BYTES, accountId: carol.accountId };
      const kit = await world.kitWith(context);
      const kitBytes = { ...kitContext, mode: 'returnBytes' as never, accountId: carol.accountId };
      const calls: Array<[string, Record<string, unknown>]> = [
        ['create_erc20_tool', { tokenName: 'Same', tokenSymbol: 'SAME', decimals: 4, initialSupply: 12 }],
        ['create_erc721_tool', { tokenName: 'Same', tokenSymbol: 'SAME', baseURI: 'x/' }],
        ['transfer_erc20_tool', { contractId: gold.address, recipientAddress: bob.accountId, amount: 3.5 }],
        ['mint_erc721_tool', { contractId: gold.contractId, toAddress: carol.evmAddress }],
        ['transfer_erc721_tool', { contractId: gold.contractId, toAddress: bob.accountId, fromAddress: carol.accountId, tokenId: 9 }],
      ];
      for (const [method, args] of calls) {
        const mine = await kit.execute(method, args);
        const kits = await theirs(method, args, kitBytes);
        // That kit returns RETURN_BYTES results flat, `{ status, bytes, … }`, where this one wraps them in `raw`.
        expect((kits as unknown as { status?: string }).status, method).to.equal('SUCCESS');
        const [a, b] = [mine.raw.bytes, (kits as unknown as { bytes?: unknown }).bytes].map((bytes) => Transaction.fromBytes(bytes as Uint8Array) as ContractExecuteTransaction);
        expect([a!.contractId!.toString(), a!.gas!.toString(), Buffer.from(a!.functionParameters!).toString('hex')], method)
          .to.deep.equal([b!.contractId!.toString(), b!.gas!.toString(), Buffer.from(b!.functionParameters!).toString('hex')]);
        expect([a!.transactionId!.accountId!.toString(), b!.transactionId!.accountId!.toString()], method).to.deep.equal([carol.accountId, carol.accountId]);
      }
    });
  });

  describe('when the operator key is ED25519', () => {
    it('both refuse every EVM transaction tool before anything is sent', async () => {
      const edWorld = await startEvmWorld({ operatorKey: PrivateKey.generateED25519() });
      try {
        const context = { mirrornodeService: mirrornodeServiceFor(edWorld.net.mirrorUrl) as unknown as IHederaMirrornodeService };
        const before = (await edWorld.mirror.getJson<{ transactions: unknown[] }>('/transactions?limit=100', 'transactions')).transactions.length;
        for (const [method, args] of [
          ['create_erc20_tool', { tokenName: 'A', tokenSymbol: 'A' }],
          ['transfer_erc20_tool', { contractId: '0.0.1012', recipientAddress: '0.0.3', amount: 1 }],
          ['mint_erc721_tool', { contractId: '0.0.1013' }],
        ] as const) {
          const mine = await edWorld.kit.execute(method, args);
          const kits = await theirs(method, args, context, edWorld.client);
          expect(mine.raw.errorCode, method).to.equal('E_CONFIG');
          expect(kits.raw.status, method).to.equal('ERROR');
          expect(JSON.stringify(kits), method).to.contain('EVM tools require an ECDSA (secp256k1) operator key');
        }
        expect((await edWorld.mirror.getJson<{ transactions: unknown[] }>('/transactions?limit=100', 'transactions')).transactions.length).to.equal(before);
      } finally {
        await edWorld.close();
      }
    });
  });

  describe('when this project\'s value policies run inside that kit', () => {
    it('judge its transfer_erc20_tool from the encoded call: a base-unit cap blocks over it, lets under it through', async () => {
      const hooks = [new MaxTransferPolicy({ tokens: { [gold.contractId]: { baseUnits: 500 } } })];
      const client = world.client;
      const api = new KitHederaAgentAPI(client.setLedgerId(LedgerId.LOCAL_NODE), { ...kitContext, hooks: hooks as never }, coreEVMPlugin.tools({}));
      // A blocked kit tool logs through console.error; keep the output clean.
      sandbox.stub(console, 'error');
      const before = await world.balanceOf(gold.contractId, longZero(bob.accountId));
      const over = JSON.parse(await api.run('transfer_erc20_tool', { contractId: gold.contractId, recipientAddress: bob.accountId, amount: 5.01 })) as Outcome;
      expect(over.raw.error).to.contain('Action transfer_erc20_tool blocked by policy: Max Transfer Policy');
      expect(over.raw.error).to.contain(`moves 501 base units of ${gold.contractId} in this call, to ${bob.accountId}`);
      expect(await world.balanceOf(gold.contractId, longZero(bob.accountId))).to.equal(before);
      const fine = JSON.parse(await api.run('transfer_erc20_tool', { contractId: gold.contractId, recipientAddress: bob.accountId, amount: 5 })) as Outcome;
      expect(fine.raw.status, fine.humanMessage).to.equal('SUCCESS');
      expect(await world.balanceOf(gold.contractId, longZero(bob.accountId))).to.equal(before + 500n);
    });

    it('judge the real account behind an ECDSA account’s EVM alias, resolved on the mirror: as recipient and as sender', async () => {
      sandbox.stub(console, 'error');
      const run = async (api: KitHederaAgentAPI, method: string, args: unknown) => JSON.parse(await api.run(method, args)) as Outcome;
      const kitApi = (client: Client, hooks: unknown[]) => new KitHederaAgentAPI(client.setLedgerId(LedgerId.LOCAL_NODE), { ...kitContext, hooks: hooks as never }, coreEVMPlugin.tools({}));
      // That kit encodes carol (an ECDSA account) by her alias; the policies see her account ID.
      const toCarol = { contractId: gold.contractId, recipientAddress: carol.accountId, amount: 1 };
      const carolBefore = await world.balanceOf(gold.contractId, carol.evmAddress);
      const allowed = await run(kitApi(world.client, [new RecipientAllowlistPolicy([carol.accountId]), new MaxTransferPolicy({ tokens: { [gold.contractId]: { baseUnits: 100 } } })]), 'transfer_erc20_tool', toCarol);
      expect(allowed.raw.status, allowed.humanMessage).to.equal('SUCCESS');
      expect(await world.balanceOf(gold.contractId, carol.evmAddress)).to.equal(carolBefore + 100n);
      const denied = await run(kitApi(world.client, [new RecipientDenylistPolicy([carol.accountId])]), 'transfer_erc20_tool', toCarol);
      expect(denied.raw.error).to.contain('Action transfer_erc20_tool blocked by policy: Recipient Denylist Policy');
      expect(denied.raw.error).to.contain(`to ${carol.accountId}`);
      expect(await world.balanceOf(gold.contractId, carol.evmAddress)).to.equal(carolBefore + 100n);

      // Carol's own kit sends an ERC-721 token from her alias (the default fromAddress) to bob.
      const collection = String(succeeded(await ours('create_erc721_tool', { tokenName: 'Alias', tokenSymbol: 'ALI', baseURI: 'ipfs://alias/' })).erc721ContractId);
      succeeded(await ours('mint_erc721_tool', { contractId: collection, toAddress: carol.accountId }));
      expect(await world.ownerOf(collection, 1)).to.equal(carol.evmAddress);
      const carolsKit = (hooks: unknown[]) => kitApi(carol.client, hooks);
      const notToBob = await run(carolsKit([new RecipientAllowlistPolicy([carol.accountId])]), 'transfer_erc721_tool', { contractId: collection, toAddress: bob.accountId, tokenId: 1 });
      expect(notToBob.raw.error).to.contain(`sends ERC-721 token 1 of ${collection} to ${bob.accountId}, not on the recipient allowlist`);
      expect(await world.ownerOf(collection, 1)).to.equal(carol.evmAddress);
      const sent = await run(carolsKit([new RecipientAllowlistPolicy([bob.accountId])]), 'transfer_erc721_tool', { contractId: collection, toAddress: bob.accountId, tokenId: 1 });
      expect(sent.raw.status, sent.humanMessage).to.equal('SUCCESS');
      expect(await world.ownerOf(collection, 1)).to.equal(longZero(bob.accountId));
    });

    it('keep blocking an EVM alias the mirror does not know, and nothing moves', async () => {
      sandbox.stub(console, 'error');
      const stranger = `0x${PrivateKey.generateECDSA().publicKey.toEvmAddress()}`;
      const api = new KitHederaAgentAPI(world.client.setLedgerId(LedgerId.LOCAL_NODE), { ...kitContext, hooks: [new MaxTransferPolicy({ tokens: { [gold.contractId]: { baseUnits: 500 } } })] as never }, coreEVMPlugin.tools({}));
      const refused = JSON.parse(await api.run('transfer_erc20_tool', { contractId: gold.contractId, recipientAddress: stranger, amount: 1 })) as Outcome;
      // A policy that cannot read the call throws, which that kit reports as the tool's failure.
      expect(refused.raw.status).to.equal('ERROR');
      expect(refused.raw.error).to.contain(`the EVM address ${stranger} is an alias, and the mirror node could not look it up`);
      expect(await world.balanceOf(gold.contractId, stranger)).to.equal(0n);
    });
  });
});
