import { expect } from 'chai';
import sinon from 'sinon';
import { evmAliasesOf, resolveEvmAliases } from '../../../src/policies/evm-aliases.js';
import { movementsOfEvent } from '../../../src/policies/movements.js';
import type { PreToolExecutionParams } from '../../../src/lifecycle/stage-events.js';

const ALIAS = '0x' + 'ab'.repeat(20);
const OTHER_ALIAS = '0x' + 'cd'.repeat(20);
const LONG_ZERO_BOB = '0x' + '0'.repeat(36) + '03e9';

/** ABI calldata of transfer(address,uint256) and transferFrom(address,address,uint256). */
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');
const transfer = (to: string, amount: bigint) => `0xa9059cbb${word(to)}${word(amount.toString(16))}`;
const transferFrom = (from: string, to: string, id: bigint) => `0x23b872dd${word(from)}${word(to)}${word(id.toString(16))}`;

describe('EVM aliases in the Hedera Agent Kit’s EVM calls', () => {
  const sandbox = sinon.createSandbox();
  afterEach(() => sandbox.restore());

  describe('evmAliasesOf', () => {
    it('names the addresses of the encoded call that are not long-zero, once each', () => {
      expect(evmAliasesOf('transfer_erc20_tool', { functionParameters: transfer(ALIAS, 5n) })).to.deep.equal([ALIAS]);
      expect(evmAliasesOf('transfer_erc20_tool', { functionParameters: transfer(LONG_ZERO_BOB, 5n) })).to.deep.equal([]);
      expect(evmAliasesOf('transfer_erc721_tool', { functionParameters: transferFrom(ALIAS, ALIAS, 1n) })).to.deep.equal([ALIAS]);
      expect(evmAliasesOf('transfer_hbar_tool', { hbarTransfers: [] })).to.deep.equal([]);
    });
  });

  describe('resolveEvmAliases', () => {
    it('asks the kit’s mirror service and keeps the answer for the next call', async () => {
      const getAccount = sandbox.stub().resolves({ accountId: '0.0.1234', evmAddress: ALIAS.toUpperCase().replace('0X', '0x') });
      const context = { mirrornodeService: { getAccount } } as never;
      expect([...(await resolveEvmAliases([ALIAS], context, undefined))]).to.deep.equal([[ALIAS, '0.0.1234']]);
      await resolveEvmAliases([ALIAS], context, undefined);
      expect(getAccount.callCount).to.equal(1);
      expect(getAccount.firstCall.args).to.deep.equal([ALIAS]);
    });

    it('refuses an answer about another address, and asks again next time', async () => {
      const getAccount = sandbox.stub().resolves({ accountId: '0.0.1234', evmAddress: OTHER_ALIAS });
      const context = { mirrornodeService: { getAccount } } as never;
      const error = await resolveEvmAliases([ALIAS], context, undefined).catch((thrown: Error) => thrown);
      expect((error as Error).message).to.contain(`the EVM address ${ALIAS} is an alias, and the mirror node answered with an account whose EVM address is ${OTHER_ALIAS}`);
      await resolveEvmAliases([ALIAS], context, undefined).catch(() => undefined);
      expect(getAccount.callCount).to.equal(2);
    });

    it('says which alias and why when the lookup fails or no mirror is known', async () => {
      const failing = { mirrornodeService: { getAccount: sandbox.stub().rejects(new Error('HTTP 404')) } } as never;
      expect(((await resolveEvmAliases([ALIAS], failing, undefined).catch((e: Error) => e)) as Error).message).to.contain('the mirror node could not look it up: HTTP 404');
      const nowhere = (await resolveEvmAliases([ALIAS], {}, undefined).catch((e: Error) => e)) as Error;
      expect(nowhere.message).to.contain(`the EVM address ${ALIAS} is an alias`).and.to.contain('No mirror node is configured');
    });
  });

  describe('movementsOfEvent on that kit’s events (no movements of their own)', () => {
    it('reads the alias as the account the mirror resolved', async () => {
      const getAccount = sandbox.stub().resolves({ accountId: '0.0.4321', evmAddress: ALIAS });
      const event = { context: { mirrornodeService: { getAccount } }, normalisedParams: { contractId: '0.0.77', functionParameters: transfer(ALIAS, 25n) }, rawParams: {} };
      const moved = await movementsOfEvent({ ...event, client: { operatorAccountId: { toString: () => '0.0.2' } } } as unknown as PreToolExecutionParams, 'transfer_erc20_tool');
      expect(moved?.map(({ asset, from, to, amount }) => ({ asset, from, to, amount }))).to.deep.equal([{ asset: '0.0.77', from: '0.0.2', to: '0.0.4321', amount: 25n }]);
    });

    it('answers at once, without a lookup, when the call names only long-zero addresses', () => {
      const getAccount = sandbox.stub();
      const event = { context: { mirrornodeService: { getAccount } }, normalisedParams: { contractId: '0.0.77', functionParameters: transfer(LONG_ZERO_BOB, 25n) }, rawParams: {} };
      const moved = movementsOfEvent({ ...event, client: { operatorAccountId: { toString: () => '0.0.2' } } } as unknown as PreToolExecutionParams, 'transfer_erc20_tool');
      expect(Array.isArray(moved)).to.equal(true);
      expect((moved as unknown as { to: string }[])[0]!.to).to.equal('0.0.1001');
      expect(getAccount.called).to.equal(false);
    });
  });
});
