import { expect } from 'chai';
import sinon from 'sinon';
import { PrivateKey } from '@hiero-ledger/sdk';
import { BaseTool } from '../../../src/lifecycle/base-tool.js';
import coreAccountPlugin from '../../../plugins/core-account/index.js';
import { issuesOf, offlineKit, withProtoKey } from './bad-input-support.js';

const transferTo = (accountId: string, amount: unknown) => ({ transfers: [{ accountId, amount }] });

describe('core-account tools given bad input', () => {
  const sandbox = sinon.createSandbox();
  let env: Awaited<ReturnType<typeof offlineKit>>;
  let built: sinon.SinonSpy;

  beforeEach(async () => {
    env = await offlineKit(coreAccountPlugin);
    // Every tool's coreAction is where a transaction would be built; none may run on bad input.
    built = sandbox.spy();
    for (const tool of coreAccountPlugin.tools({})) sandbox.stub(Object.getPrototypeOf(tool) as BaseTool, 'coreAction').callsFake(built);
  });
  afterEach(async () => {
    sandbox.restore();
    await env.close();
  });

  const run = (method: string, input: unknown) => env.kit.execute(method, input);

  describe('when an amount is negative, zero, NaN or over-precise', () => {
    it('names the amount field of HBAR transfers', async () => {
      expect(issuesOf(await run('transfer_hbar_tool', transferTo('0.0.5', -1)))).to.equal('transfers[0].amount: must be greater than 0, got -1');
      expect(issuesOf(await run('transfer_hbar_tool', transferTo('0.0.5', 0)))).to.equal('transfers[0].amount: must be greater than 0');
      expect(issuesOf(await run('transfer_hbar_tool', transferTo('0.0.5', Number.NaN)))).to.equal('transfers[0].amount: must be a number, got NaN');
      expect(issuesOf(await run('transfer_hbar_tool', transferTo('0.0.5', 0.123456789)))).to.equal('transfers[0].amount: has 9 decimal places but at most 8 are allowed (HBAR has 8)');
      expect(issuesOf(await run('transfer_hbar_with_allowance_tool', { sourceAccountId: '0.0.7', ...transferTo('0.0.5', '-3') }))).to.contain('transfers[0].amount: must be greater than 0');
    });

    it('names the amount of allowances and the initial balance of new accounts', async () => {
      expect(issuesOf(await run('approve_hbar_allowance_tool', { spenderAccountId: '0.0.5', amount: 0 }))).to.equal('amount: must be greater than 0');
      expect(issuesOf(await run('create_account_tool', { initialBalance: -2 }))).to.contain('initialBalance: must be greater than 0');
      expect(issuesOf(await run('create_account_tool', { initialBalance: '1.000000001' }))).to.contain('initialBalance: has 9 decimal places');
      expect(issuesOf(await run('approve_token_allowance_tool', { spenderAccountId: '0.0.5', tokenApprovals: [{ tokenId: '0.0.9', amount: -5 }] })))
        .to.contain('tokenApprovals[0].amount: must be greater than 0');
    });
  });

  describe('when an ID is malformed', () => {
    it('names the field and shows the accepted form', async () => {
      expect(issuesOf(await run('transfer_hbar_tool', transferTo('alice', 1)))).to.equal('transfers[0].accountId: expected an account ID like 0.0.1234 (shard.realm.num)');
      expect(issuesOf(await run('transfer_hbar_tool', { ...transferTo('0.0.5', 1), sourceAccountId: '0.0' }))).to.contain('sourceAccountId: expected an account ID like 0.0.1234');
      expect(issuesOf(await run('delete_account_tool', { accountId: 5 }))).to.contain('accountId: expected an account ID string');
      expect(issuesOf(await run('delete_token_allowance_tool', { spenderAccountId: '0.0.5', tokenIds: ['gold'] }))).to.contain('tokenIds[0]: expected a token ID like 0.0.1234');
    });

    it('refuses a private key where a public key belongs, without echoing it', async () => {
      const secret = PrivateKey.generateED25519().toStringDer();
      const issues = issuesOf(await run('create_account_tool', { publicKey: secret }));
      expect(issues).to.contain('publicKey: looks like a PRIVATE key');
      expect(issues).not.to.contain(secret);
    });
  });

  describe('when the sender is among the recipients', () => {
    it('refuses the default sender listed as a recipient', async () => {
      expect(issuesOf(await run('transfer_hbar_tool', transferTo('0.0.2', 1)))).to.equal('transfers[0].accountId: 0.0.2 is the sending account; it cannot also be a recipient');
    });

    it('refuses an explicit sender or allowance owner listed as a recipient', async () => {
      const input = { sourceAccountId: '0.0.8', transfers: [{ accountId: '0.0.5', amount: 1 }, { accountId: '0.0.8', amount: 1 }] };
      expect(issuesOf(await run('transfer_hbar_tool', input))).to.contain('transfers[1].accountId: 0.0.8 is the sending account');
      expect(issuesOf(await run('transfer_hbar_with_allowance_tool', input))).to.contain('transfers[1].accountId: 0.0.8 is the sending account');
    });

    it('refuses an owner approving itself and an account swept into itself', async () => {
      expect(issuesOf(await run('approve_hbar_allowance_tool', { spenderAccountId: '0.0.2', amount: 1 }))).to.contain('spenderAccountId: 0.0.2 is the owner');
      expect(issuesOf(await run('delete_account_tool', { accountId: '0.0.9', transferAccountId: '0.0.9' }))).to.contain('transferAccountId: 0.0.9 is the account being deleted');
    });
  });

  describe('when an array is empty or oversized', () => {
    it('says how many entries are accepted', async () => {
      expect(issuesOf(await run('transfer_hbar_tool', { transfers: [] }))).to.equal('transfers: must list at least one recipient');
      const ten = Array.from({ length: 10 }, (_, at) => ({ accountId: `0.0.${100 + at}`, amount: 1 }));
      expect(issuesOf(await run('transfer_hbar_tool', { transfers: ten }))).to.equal('transfers: lists too many recipients: at most 9 per call');
      expect(issuesOf(await run('delete_token_allowance_tool', { spenderAccountId: '0.0.5', tokenIds: [] }))).to.contain('tokenIds: must list at least one token ID');
    });
  });

  describe('when the input has unknown keys or prototype keys', () => {
    for (const tool of coreAccountPlugin.tools({})) {
      it(`${tool.method} refuses an unknown key, naming it and the accepted keys`, async () => {
        const issues = issuesOf(await run(tool.method, { bogusKey: 1 }));
        expect(issues).to.match(/unknown key "bogusKey"; accepted keys are /);
      });

      it(`${tool.method} refuses __proto__ before any stage`, async () => {
        const result = await run(tool.method, withProtoKey('{"__proto__": {"isAdmin": true}}'));
        expect(issuesOf(result)).to.contain('__proto__');
        expect(result.raw.stage).to.equal('preToolExecution');
      });
    }

    it('explains a known mix-up key', async () => {
      expect(issuesOf(await run('transfer_hbar_tool', { ...transferTo('0.0.5', 1), tokenId: '0.0.9' }))).to.contain('"tokenId": HBAR transfers take no tokenId');
    });

    it('refuses unknown keys inside recipient entries', async () => {
      expect(issuesOf(await run('transfer_hbar_tool', { transfers: [{ accountId: '0.0.5', amount: 1, memo: 'x' }] }))).to.contain('transfers[0]');
    });
  });

  describe('when an update has nothing to change', () => {
    it('says which fields it accepts', async () => {
      expect(issuesOf(await run('update_account_tool', {}))).to.contain('nothing to update; give at least one of accountMemo');
    });
  });

  afterEach(() => {
    expect(built.called, 'no transaction may be built from bad input').to.equal(false);
  });
});
