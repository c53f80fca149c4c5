import { expect } from 'chai';
import { listenerCatalog } from '../../../src/config/listener-catalog.js';
import { HcsAuditTrailHook, HolAuditTrailHook } from '../../../src/hooks/index.js';
import { AgentHooksError, ErrorCode } from '../../../src/errors/index.js';
import {
  AllowanceSpendPolicy,
  ApprovalPolicy,
  DuplicateIntentPolicy,
  ExpressionPolicy,
  MaxRecipientsPolicy,
  MaxTransferPolicy,
  RateLimitPolicy,
  RecipientAllowlistPolicy,
  RecipientDenylistPolicy,
  SpendLimitPolicy,
  TimeWindowPolicy,
} from '../../../src/policies/index.js';

type Extra = Record<string, unknown>;

/**
 * Every built-in that takes an options object, built from valid options plus `extra`; `accepted` is
 * what its refusal must list. Built-ins that take only positional arguments are named with why.
 */
const BUILT_INS: Record<string, { make: (extra: Extra) => unknown; accepted: readonly string[] }> = {
  SpendLimitPolicy: { make: (extra) => new SpendLimitPolicy({ hbar: 5, windowMs: 60_000, ...extra }), accepted: ['hbar', 'tokens', 'windowMs', 'store', 'name', 'tools', 'per'] },
  RateLimitPolicy: { make: (extra) => new RateLimitPolicy({ limit: 1, windowMs: 1_000, ...extra }), accepted: ['limit', 'windowMs', 'tools', 'group', 'store', 'name', 'per'] },
  MaxTransferPolicy: { make: (extra) => new MaxTransferPolicy({ hbar: 1, ...extra }), accepted: ['hbar', 'tokens', 'allowUnbounded', 'tools'] },
  RecipientAllowlistPolicy: { make: (extra) => new RecipientAllowlistPolicy(['0.0.5'], { ...extra }), accepted: ['tools'] },
  RecipientDenylistPolicy: { make: (extra) => new RecipientDenylistPolicy(['0.0.5'], { ...extra }), accepted: ['tools'] },
  TimeWindowPolicy: { make: (extra) => new TimeWindowPolicy({ timeZone: 'UTC', days: ['mon'], from: '09:00', to: '17:00', ...extra }), accepted: ['timeZone', 'days', 'from', 'to'] },
  ExpressionPolicy: { make: (extra) => new ExpressionPolicy({ expression: 'true', message: 'never', ...extra }), accepted: ['expression', 'message', 'stage', 'tools', 'name'] },
  DuplicateIntentPolicy: { make: (extra) => new DuplicateIntentPolicy({ windowMs: 60_000, ...extra }), accepted: ['windowMs', 'keyOf', 'holdFailed', 'tools', 'store', 'name', 'per'] },
  AllowanceSpendPolicy: { make: (extra) => new AllowanceSpendPolicy({ owners: ['0.0.1234'], ...extra }), accepted: ['owners', 'tools'] },
  ApprovalPolicy: { make: (extra) => new ApprovalPolicy({ when: { hbarAbove: 1 }, approver: () => true, ...extra }), accepted: ['when', 'approver', 'timeoutMs'] },
  HcsAuditTrailHook: {
    make: (extra) => new HcsAuditTrailHook(['*'], '0.0.1234', undefined, { ...extra }),
    accepted: ['checkTopic', 'topicCheckTimeoutMs', 'journalDir', 'closeTimeoutMs', 'agentId', 'deliver', 'scheduleWatch', 'logger', 'minBackoffMs', 'maxBackoffMs', 'mirrorUrl', 'lingerMs', 'maxInFlight'],
  },
  HolAuditTrailHook: {
    make: (extra) => new HolAuditTrailHook({ relevantTools: ['*'], sessionId: '0.0.1234', ...extra }),
    accepted: ['relevantTools', 'sessionId', 'loggingClient', 'journalDir', 'closeTimeoutMs', 'agentId', 'deliver', 'scheduleWatch', 'lingerMs', 'maxInFlight'],
  },
};

/** Built-ins whose arguments are all positional: nothing unknown can be passed by name. */
const POSITIONAL = {
  RejectToolPolicy: 'takes only the list of tools',
  MaxRecipientsPolicy: 'takes (maxRecipients, additionalTools, customStrategies); its strategies are checked below',
  allOf: 'takes policies', anyOf: 'takes policies', not: 'takes a policy',
};

function refusal(make: () => unknown): AgentHooksError {
  let thrown: unknown;
  try {
    const made = make() as { close?: () => Promise<void> };
    void made.close?.();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'the constructor should have refused').to.be.instanceOf(AgentHooksError);
  expect((thrown as AgentHooksError).code).to.equal(ErrorCode.INVALID_ARGUMENT);
  return thrown as AgentHooksError;
}

describe('unknown options, as every built-in hook and policy refuses them through its schema', () => {
  it('covers every built-in a configuration can name', () => {
    const names = [...listenerCatalog().keys()].sort();
    expect([...Object.keys(BUILT_INS), ...Object.keys(POSITIONAL)].sort()).to.deep.equal(names);
  });

  for (const [name, { make, accepted }] of Object.entries(BUILT_INS)) {
    describe(`when ${name} is given an option it does not know`, () => {
      it('refuses it by name, saying which class, and lists what it accepts', () => {
        // A misspelt `per` taken and ignored would pool every caller into one budget.
        const error = refusal(() => make({ perSession: 'context.sessionId' }));
        expect(error.message).to.match(new RegExp(`^${name}: unknown option 'perSession'; accepted: `));
        for (const key of accepted) expect(error.message, key).to.contain(key);
      });

      it('builds with the same options minus the unknown one', async () => {
        await (make({}) as { close?: () => Promise<void> }).close?.();
      });
    });
  }

  describe('when MaxRecipientsPolicy is given a strategy for a tool it does not cover', () => {
    it('refuses it, naming the tool and saying to list it in additionalTools', () => {
      const error = refusal(() => new MaxRecipientsPolicy(5, [], { my_bulk_tool: () => 1 }));
      expect(error.message).to.contain('"my_bulk_tool"').and.to.contain('additionalTools').and.to.contain('transfer_hbar_tool');
    });

    it('accepts it once the tool is listed, and a strategy replacing a default one', () => {
      expect(new MaxRecipientsPolicy(5, ['my_bulk_tool'], { my_bulk_tool: () => 1 }).relevantTools).to.include('my_bulk_tool');
      expect(new MaxRecipientsPolicy(5, [], { transfer_hbar_tool: () => 1 }).relevantTools).to.include('transfer_hbar_tool');
    });
  });

  describe('when an audit hook is given options that are not an object', () => {
    it('refuses them, saying what it takes', () => {
      const error = refusal(() => new HcsAuditTrailHook(['*'], '0.0.1234', undefined, 'journal' as never));
      expect(error.message).to.contain("HcsAuditTrailHook: 'options' must be an options object").and.to.contain('"journal"');
    });
  });
});
