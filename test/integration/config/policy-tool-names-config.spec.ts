import { expect } from 'chai';
import { createKitFromConfig } from '../../../src/config/create-kit-from-config.js';
import { parseConfig } from '../../../src/config/load-config.js';

describe('policy tool names in a configuration file', function () {
  this.timeout(60_000);

  describe('when a policy names a tool the kit does not have', () => {
    it('createKitFromConfig refuses to start, naming the policy and the closest tool', async () => {
      const loaded = parseConfig({ network: 'devnet', policies: [{ policy: 'RejectToolPolicy', args: [['delete_account_tool?']] }] }, 'agent-hooks.config.json', process.cwd());
      const error = await createKitFromConfig(loaded, { env: {} }).then(
        async (configured) => { await configured.close(); return undefined; },
        (thrown: Error) => thrown,
      );
      expect((error as { code?: string } | undefined)?.code).to.equal('E_INVALID_LISTENER');
      expect(error?.message).to.contain('"Reject Tool Call"').and.to.contain('"delete_account_tool?"').and.to.contain('did you mean "delete_account_tool"');
    });
  });

  describe('when the name is listed in unloadedPolicyTools', () => {
    it('starts, and the tools the kit has stay as they were', async () => {
      const loaded = parseConfig(
        { network: 'devnet', unloadedPolicyTools: ['other_agents_tool'], policies: [{ policy: 'RejectToolPolicy', args: [['other_agents_tool', 'delete_account_tool']] }] },
        'agent-hooks.config.json',
        process.cwd(),
      );
      const { kit, close } = await createKitFromConfig(loaded, { env: {} });
      try {
        expect((await kit.execute('delete_account_tool', { accountId: '0.0.5' })).raw.errorCode).to.equal('E_POLICY_BLOCKED');
        expect((await kit.execute('get_hbar_balance_query_tool', {})).raw.status).to.equal('SUCCESS');
      } finally {
        await close();
      }
    });
  });

  describe('when unloadedPolicyTools is not a list of tool names', () => {
    it('is a configuration problem naming the field', () => {
      expect(() => parseConfig({ unloadedPolicyTools: 'other_agents_tool' }, 'agent-hooks.config.json', process.cwd())).to.throw(/unloadedPolicyTools/);
    });
  });
});
