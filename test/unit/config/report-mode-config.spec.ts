import { expect } from 'chai';
import { configJsonSchema } from '../../../src/config/config-json-schema.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { CompositePolicy } from '../../../src/policies/composition.js';
import { MaxTransferPolicy } from '../../../src/policies/max-transfer-policy.js';
import { configProblemsOf } from '../../support/config-problems.js';

describe('"mode" on a configuration\'s policy entry', () => {
  describe('when "report" or "enforce"', () => {
    it('builds the policy in report mode for "report", and as usual for "enforce" or no mode', () => {
      const { listeners } = parseConfig(
        {
          policies: [
            { policy: 'MaxTransferPolicy', args: [{ hbar: 10 }], mode: 'report' },
            { policy: 'MaxTransferPolicy', args: [{ hbar: 20 }], mode: 'enforce' },
            { policy: 'MaxTransferPolicy', args: [{ hbar: 30 }] },
            { policy: 'allOf', args: [{ policy: 'MaxTransferPolicy', args: [{ hbar: 5 }] }, { policy: 'RecipientAllowlistPolicy', args: [['0.0.1001']] }], mode: 'report' },
          ],
        },
        'test.json',
        '/tmp',
      );
      expect(listeners.map((listener) => (listener as { reportOnly?: boolean }).reportOnly)).to.deep.equal([true, undefined, undefined, true]);
      expect(listeners[0]).to.be.instanceOf(MaxTransferPolicy);
      expect(listeners[3]).to.be.instanceOf(CompositePolicy);
    });
  });

  describe('when wrong', () => {
    it('refuses another value, a mode on a hook, a mode inside a combination and a policy with no report mode, naming each field', () => {
      expect(
        configProblemsOf({
          hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.5005'], mode: 'report' }],
          policies: [
            { policy: 'MaxTransferPolicy', args: [{ hbar: 10 }], mode: 'audit' },
            { policy: 'anyOf', args: [{ policy: 'MaxTransferPolicy', args: [{ hbar: 5 }], mode: 'report' }] },
            { policy: 'ApprovalPolicy', args: [{ when: { tools: ['transfer_hbar_tool'] }, approver: 'terminal' }], mode: 'report' },
          ],
        }),
      ).to.deep.equal([
        'hooks[0].mode: only policies have a mode (hooks observe, they do not judge); move the entry to a { "policy": … } or drop "mode"',
        'policies[0].mode: "enforce" (the default: a block ends the call) or "report" (a block is logged, audited and counted, and the call goes on)',
        'policies[1].args[0].mode: anyOf: a combined policy has no "mode" of its own: the combination judges, so give "mode" on the anyOf entry itself, or list that policy on its own.',
        'policies[2].mode: "Approval Policy" holds calls for approval, which has no report mode: people would be asked and their answer ignored, and a request left open would run the call again once approved. Enforce it, or report a policy with the same condition (e.g. an ExpressionPolicy) instead.',
      ]);
    });

    it('names "mode" among the accepted fields of an entry', () => {
      expect(configProblemsOf({ policies: [{ policy: 'MaxTransferPolicy', args: [{ hbar: 1 }], enforce: false }] })).to.deep.equal([
        'policies[0].enforce: unknown field; accepted fields: hook, policy, args, mode',
      ]);
    });
  });

  describe('in the JSON schema', () => {
    it('offers mode on policy entries only', () => {
      const entries = (configJsonSchema().properties.policies!.items as { oneOf: { properties: Record<string, { enum?: unknown }> }[] }).oneOf;
      const max = entries.find((entry) => (entry.properties.policy as { const?: unknown } | undefined)?.const === 'MaxTransferPolicy')!;
      expect(max.properties.mode?.enum).to.deep.equal(['enforce', 'report']);
      const hcs = entries.find((entry) => (entry.properties.hook as { const?: unknown } | undefined)?.const === 'HcsAuditTrailHook')!;
      expect(hcs.properties).to.not.have.property('mode');
    });
  });
});
