import { expect } from 'chai';
import { Client, LedgerId, PrivateKey, ScheduleInfoQuery } from '@hiero-ledger/sdk';
import type { ContractExecuteTransaction } from '@hiero-ledger/sdk';
import { MirrorErrorCode } from '../../../src/mirror/mirror-error.js';
import { refusedInput } from './core-plugins-world.js';
import { longZero, startEvmWorld, succeeded, type EvmActor, type EvmWorld } from './evm-fixtures.js';

/** What a call to a contract shows on the mirror: its result and the function it ran (selector). */
async function contractResult(world: EvmWorld, transactionId: string): Promise<{ result: string; function_parameters: string }> {
  const mirrorId = transactionId.replace(/@(\d+)\.(\d+)$/, (_m, s: string, n: string) => `-${s}-${n.padStart(9, '0')}`);
  return world.mirror.getJson(`/contracts/results/${mirrorId}`, 'contract result');
}

describe('core-evm tools on the devnet (AUTONOMOUS, ECDSA operator)', function () {
  this.timeout(60_000);
  let world: EvmWorld;
  let bob: { accountId: string };
  let carol: EvmActor;
  let gold: { address: string; contractId: string };

  before(async () => {
    world = await startEvmWorld();
    bob = await world.net.createAccount({ hbar: 5 });
    carol = await world.ecdsaActor(50);
    const raw = succeeded(await world.kit.execute('create_erc20_tool', { tokenName: 'Gold Coin', tokenSymbol: 'GLD', decimals: 2, initialSupply: 1000 }));
    gold = { address: String(raw.erc20Address), contractId: String(raw.erc20ContractId) };
  });
  after(async () => { await world.close(); });

  describe('when creating an ERC-20 token', () => {
    it('deploys it through the factory at 0.0.1012 and gives the supply, scaled by the decimals, to the operator', async () => {
      expect(gold.address).to.match(/^0x[0-9a-f]{40}$/);
      const contract = await world.mirror.getJson<{ contract_id: string; evm_address: string }>(`/contracts/${gold.address}`, 'token');
      expect(contract.contract_id).to.equal(gold.contractId);
      expect(await world.balanceOf(gold.contractId, world.operatorEvm)).to.equal(100_000n);
    });

    it('defaults to 18 decimals and no supply, as the Hedera Agent Kit does', async () => {
      const result = await world.kit.execute('create_erc20_tool', { tokenName: 'Plain', tokenSymbol: 'PLN' });
      const raw = succeeded(result);
      expect(result.humanMessage).to.contain(`Created the ERC-20 token Plain (PLN) at ${String(raw.erc20Address)}`);
      const decimals = await world.mirror.postJson<{ result: string }>('/contracts/call', { to: raw.erc20Address, data: '0x313ce567' }, 'decimals');
      expect(BigInt(decimals.result)).to.equal(18n);
      expect(await world.balanceOf(String(raw.erc20ContractId), world.operatorEvm)).to.equal(0n);
    });

    it('refuses a supply that no uint256 holds before anything is sent', async () => {
      const issues = refusedInput(await world.kit.execute('create_erc20_tool', { tokenName: 'Huge', tokenSymbol: 'HUGE', decimals: 77, initialSupply: 1_000_000 }));
      expect(issues).to.deep.equal(['initialSupply: 1000000 tokens with 77 decimals is more base units than a uint256 holds']);
      expect(refusedInput(await world.kit.execute('create_erc20_tool', { tokenName: 'Huge', tokenSymbol: 'HUGE', decimals: 78 }))[0]).to.match(/^decimals: 10\^78 does not fit/);
    });
  });

  describe('when transferring an ERC-20 token', () => {
    it('moves the display amount, scaled by the decimals the mirror reports, to an account named by its ID', async () => {
      const result = await world.kit.execute('transfer_erc20_tool', { contractId: gold.contractId, recipientAddress: bob.accountId, amount: 12.34 });
      const raw = succeeded(result);
      expect(result.humanMessage).to.contain(`Transferred 12.34 of ERC-20 token ${gold.contractId} from ${world.net.operatorId} to ${bob.accountId}`);
      expect(await world.balanceOf(gold.contractId, longZero(bob.accountId))).to.equal(1_234n);
      expect(await world.balanceOf(gold.contractId, world.operatorEvm)).to.equal(100_000n - 1_234n);
      expect((await contractResult(world, String(raw.transactionId))).function_parameters.slice(0, 10)).to.equal('0xa9059cbb');
    });

    it('schedules the transfer with schedulingParams, as the Hedera Agent Kit does: the schedule runs once its payer has signed', async () => {
      const created = succeeded(await world.kit.execute('create_erc20_tool', { tokenName: 'Later', tokenSymbol: 'LTR', decimals: 0, initialSupply: 10 }));
      const token = String(created.erc20ContractId);
      const result = await world.kit.execute('transfer_erc20_tool', { contractId: token, recipientAddress: bob.accountId, amount: 3, schedulingParams: { isScheduled: true } });
      const raw = succeeded(result);
      expect(raw.scheduled).to.equal(true);
      expect(String(raw.scheduleId)).to.match(/^0\.0\.\d+$/);
      const info = await new ScheduleInfoQuery().setScheduleId(String(raw.scheduleId)).execute(world.client);
      expect(info.executed, 'the operator signed the ScheduleCreate and is the only signer the call needs').to.not.equal(null);
      expect(await world.balanceOf(token, longZero(bob.accountId))).to.equal(3n);
      expect(await world.balanceOf(token, world.operatorEvm)).to.equal(7n);
    });

    it('credits an ECDSA account under its EVM alias, whether named by ID or by that address', async () => {
      succeeded(await world.kit.execute('transfer_erc20_tool', { contractId: gold.address, recipientAddress: carol.accountId, amount: '1' }));
      succeeded(await world.kit.execute('transfer_erc20_tool', { contractId: gold.contractId, recipientAddress: carol.evmAddress.toUpperCase().replace('0X', '0x'), amount: 0.5 }));
      expect(await world.balanceOf(gold.contractId, carol.evmAddress)).to.equal(150n);
    });

    it('shows hooks the call that executes: the token contract, the encoded transfer and the gas', async () => {
      const kit = await world.kitWith({});
      const seen: Record<string, unknown>[] = [];
      kit.on('postParamsNormalization', (event) => { seen.push(event.normalisedParams as Record<string, unknown>); });
      let built: ContractExecuteTransaction | undefined;
      kit.on('postCoreAction', (event) => { built = event.coreActionResult as ContractExecuteTransaction; });
      succeeded(await kit.execute('transfer_erc20_tool', { contractId: gold.contractId, recipientAddress: bob.accountId, amount: 0.01 }));
      const [params] = seen;
      expect(params).to.include({ contractId: gold.contractId, gas: 100_000, senderAccountId: world.net.operatorId, recipientAccountId: bob.accountId, recipientAddress: longZero(bob.accountId), amount: 1n, decimals: 2 });
      expect(Buffer.from(built!.functionParameters!).toString('hex')).to.equal(Buffer.from(params!.functionParameters as Uint8Array).toString('hex'));
      expect([built!.contractId!.toString(), built!.gas!.toString()]).to.deep.equal([gold.contractId, '100000']);
    });

    it('refuses before sending: more decimal places than the token has, a contract that is no ERC-20, an unknown contract or recipient, the sender itself', async () => {
      const before = await world.balanceOf(gold.contractId, world.operatorEvm);
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ contractId: gold.contractId, recipientAddress: bob.accountId, amount: 0.001 }, /^amount: has 3 decimal places but at most 2 are allowed/],
        [{ contractId: world.net.contracts.erc721Factory.contractId, recipientAddress: bob.accountId, amount: 1 }, /^contractId: contract 0\.0\.1013 does not answer decimals\(\)/],
        [{ contractId: '0.0.999999', recipientAddress: bob.accountId, amount: 1 }, /^contractId: 0\.0\.999999 is not a contract on this network/],
        [{ contractId: bob.accountId, recipientAddress: carol.accountId, amount: 1 }, /is not a contract on this network/],
        [{ contractId: gold.contractId, recipientAddress: '0.0.999999', amount: 1 }, /^recipientAddress: account 0\.0\.999999 does not exist/],
        [{ contractId: gold.contractId, recipientAddress: world.net.operatorId, amount: 1 }, /^recipientAddress: is the sender \(0\.0\.2\) itself/],
      ];
      for (const [args, issue] of cases) {
        const issues = refusedInput(await world.kit.execute('transfer_erc20_tool', args));
        expect(issues.join('; '), JSON.stringify(args)).to.match(issue);
      }
      expect(await world.balanceOf(gold.contractId, world.operatorEvm)).to.equal(before);
    });

    it('reports the ledger\'s revert, with the transaction ID, for more than the sender holds', async () => {
      const result = await world.kit.execute('transfer_erc20_tool', { contractId: gold.contractId, recipientAddress: bob.accountId, amount: 5000 });
      expect(result.raw).to.include({ status: 'ERROR', errorCode: 'CONTRACT_REVERT_EXECUTED', submitted: true });
      expect(result.raw.transactionId).to.be.a('string');
      expect(result.humanMessage).to.contain('Could not transfer 5000 of ERC-20 token');
    });
  });

  describe('when creating, minting and transferring ERC-721 tokens', () => {
    let art: { address: string; contractId: string };

    before(async () => {
      const raw = succeeded(await world.kit.execute('create_erc721_tool', { tokenName: 'Art', tokenSymbol: 'ART', baseURI: 'ipfs://art/' }));
      art = { address: String(raw.erc721Address), contractId: String(raw.erc721ContractId) };
    });

    it('creates a collection through the factory at 0.0.1013 that the operator mints to itself by default', async () => {
      const contract = await world.mirror.getJson<{ contract_id: string }>(`/contracts/${art.address}`, 'collection');
      expect(contract.contract_id).to.equal(art.contractId);
      const minted = await world.kit.execute('mint_erc721_tool', { contractId: art.contractId });
      succeeded(minted);
      expect(minted.humanMessage).to.contain(`Minted a new token of ERC-721 collection ${art.contractId} to ${world.net.operatorId}`);
      expect(await world.ownerOf(art.contractId, 1)).to.equal(world.operatorEvm);
    });

    it('mints to another account by ID or EVM address, and transfers a token the operator holds', async () => {
      succeeded(await world.kit.execute('mint_erc721_tool', { contractId: art.address, toAddress: carol.accountId }));
      succeeded(await world.kit.execute('mint_erc721_tool', { contractId: art.contractId, toAddress: longZero(bob.accountId) }));
      expect([await world.ownerOf(art.contractId, 2), await world.ownerOf(art.contractId, 3)]).to.deep.equal([carol.evmAddress, longZero(bob.accountId)]);
      const moved = await world.kit.execute('transfer_erc721_tool', { contractId: art.contractId, toAddress: bob.accountId, tokenId: 1 });
      succeeded(moved);
      expect(moved.humanMessage).to.contain(`Transferred ERC-721 token 1 of ${art.contractId} from ${world.net.operatorId} to ${bob.accountId}`);
      expect(await world.ownerOf(art.contractId, 1)).to.equal(longZero(bob.accountId));
    });

    it('lets a holder move its own token with its own kit', async () => {
      succeeded(await carol.kit.execute('transfer_erc721_tool', { contractId: art.contractId, fromAddress: carol.accountId, toAddress: world.net.operatorId, tokenId: 2 }));
      expect(await world.ownerOf(art.contractId, 2)).to.equal(world.operatorEvm);
    });

    it('reports the ledger\'s revert for a token the caller does not hold, and for a mint by someone else than the owner', async () => {
      const notHeld = await world.kit.execute('transfer_erc721_tool', { contractId: art.contractId, toAddress: carol.accountId, tokenId: 3 });
      expect(notHeld.raw).to.include({ status: 'ERROR', errorCode: 'CONTRACT_REVERT_EXECUTED' });
      const stranger = await carol.kit.execute('mint_erc721_tool', { contractId: art.contractId });
      expect(stranger.raw).to.include({ status: 'ERROR', errorCode: 'CONTRACT_REVERT_EXECUTED' });
      expect(await world.ownerOf(art.contractId, 4)).to.equal(undefined);
      expect(await world.ownerOf(art.contractId, 3)).to.equal(longZero(bob.accountId));
    });

    it('refuses the token\'s holder as receiver, and an ERC-20 where a collection is expected still reaches only the ledger', async () => {
      expect(refusedInput(await world.kit.execute('transfer_erc721_tool', { contractId: art.contractId, toAddress: world.net.operatorId, tokenId: 2 }))[0])
        .to.match(/^toAddress: is the token's holder/);
      const wrong = await world.kit.execute('mint_erc721_tool', { contractId: gold.contractId });
      expect(wrong.raw).to.include({ status: 'ERROR', errorCode: 'CONTRACT_REVERT_EXECUTED' });
    });
  });

  describe('when reading a contract', () => {
    it('answers the mirror\'s facts by ID or EVM address', async () => {
      const byId = succeeded(await world.kit.execute('get_contract_info_query_tool', { contractId: world.net.contracts.erc20Factory.contractId }));
      expect(byId).to.include({ contractId: '0.0.1012', evmAddress: world.net.contracts.erc20Factory.evmAddress, deleted: false });
      expect(byId.runtimeBytecodeSize).to.be.greaterThan(1000);
      const byAddress = succeeded(await world.kit.execute('get_contract_info_query_tool', { contractId: gold.address.toUpperCase().replace('0X', '0x') }));
      expect(byAddress).to.include({ contractId: gold.contractId, evmAddress: gold.address });
    });

    it('reports a contract the mirror does not know as not found, and refuses what is no ID or address', async () => {
      expect((await world.kit.execute('get_contract_info_query_tool', { contractId: '0.0.999999' })).raw.errorCode).to.equal(MirrorErrorCode.NOT_FOUND);
      expect(refusedInput(await world.kit.execute('get_contract_info_query_tool', { contractId: 'gold' }))[0]).to.match(/^contractId: must be a Hedera ID/);
    });
  });

  describe('when the operator cannot run EVM tools', () => {
    it('refuses every EVM transaction tool with an ED25519 operator, before anything is built or sent', async () => {
      const edNet = await startEvmWorld({ operatorKey: PrivateKey.generateED25519() });
      try {
        const kit = await edNet.kitWith({});
        let built = 0;
        kit.on('postCoreAction', () => { built++; });
        const calls: Array<[string, Record<string, unknown>]> = [
          ['create_erc20_tool', { tokenName: 'A', tokenSymbol: 'A' }],
          ['transfer_erc20_tool', { contractId: '0.0.1012', recipientAddress: '0.0.3', amount: 1 }],
          ['create_erc721_tool', { tokenName: 'A', tokenSymbol: 'A' }],
          ['mint_erc721_tool', { contractId: '0.0.1013' }],
          ['transfer_erc721_tool', { contractId: '0.0.1013', toAddress: '0.0.3', tokenId: 1 }],
        ];
        const before = (await edNet.mirror.getJson<{ transactions: unknown[] }>('/transactions?limit=100', 'transactions')).transactions.length;
        for (const [method, args] of calls) {
          const result = await kit.execute(method, args);
          expect(result.raw, method).to.include({ status: 'ERROR', errorCode: 'E_CONFIG', stage: 'normalizeParams' });
          expect(result.raw.error, method).to.contain(`${method}: EVM tools act only for an account with an ECDSA (secp256k1) key`).and.contain('0.0.2, has an ED25519 key');
          expect(result.raw.transactionId, method).to.equal(undefined);
        }
        expect(built).to.equal(0);
        expect((await edNet.mirror.getJson<{ transactions: unknown[] }>('/transactions?limit=100', 'transactions')).transactions.length).to.equal(before);
        // Reading a contract needs no key at all.
        succeeded(await kit.execute('get_contract_info_query_tool', { contractId: '0.0.1012' }));
      } finally {
        await edNet.close();
      }
    });

    it('refuses to create a token on a network with no known factory', async () => {
      // A client of the devnet's node that does not name its ledger (the devnet's own clients do).
      const client = Client.forNetwork({ [world.net.grpcAddress]: '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator(world.net.operatorId, world.net.operatorKey);
      try {
        const kit = await world.kitWith({}, {}, client);
        const result = await kit.execute('create_erc20_tool', { tokenName: 'A', tokenSymbol: 'A' });
        expect(result.raw).to.include({ errorCode: 'E_CONFIG', stage: 'normalizeParams' });
        expect(result.raw.error).to.contain('no ERC-20 factory is known for a client without a ledger ID').and.contain('client.setLedgerId(LedgerId.LOCAL_NODE)');
        client.setLedgerId(LedgerId.MAINNET);
        expect((await kit.execute('create_erc721_tool', { tokenName: 'A', tokenSymbol: 'A' })).raw.error).to.contain('no ERC-721 factory is known for the mainnet network');
      } finally {
        client.close();
      }
    });
  });
});
