import { expect } from 'chai';
import { CORE_MANIFEST } from '../../../plugins/_core-manifest.js';
import { AllowanceSpendPolicy } from '../../../src/policies/allowance-spend-policy.js';
import { DuplicateIntentPolicy } from '../../../src/policies/duplicate-intent-policy.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { VALUE_MOVING_TOOLS, movesValue, valueMovingCoverageOf } from '../../../src/policies/value-moving-tools.js';

describe('VALUE_MOVING_TOOLS and the rule for what moves value', () => {
  describe('when compared with the core plugins manifest', () => {
    it('lists exactly the core tools that are not queries and are not marked movesNoValue', () => {
      const moving = CORE_MANIFEST.flatMap((plugin) => plugin.tools).filter((tool) => movesValue(tool)).map((tool) => tool.method);
      expect([...VALUE_MOVING_TOOLS].sort()).to.deep.equal(moving.sort());
      for (const tool of ['create_account_tool', 'delete_account_tool', 'sign_schedule_transaction_tool']) expect(VALUE_MOVING_TOOLS).to.include(tool);
    });
  });

  describe('when a tool declares nothing', () => {
    it('counts it as moving value: only a query or movesNoValue: true says otherwise', () => {
      expect(movesValue({})).to.equal(true);
      expect(movesValue({ toolType: 'other' })).to.equal(true);
      expect(movesValue({ toolType: 'transaction' })).to.equal(true);
      expect(movesValue({ toolType: 'query' })).to.equal(false);
      expect(movesValue({ toolType: 'other', movesNoValue: true })).to.equal(false);
    });
  });

  describe('when a value policy is built with or without tools', () => {
    it('asks the kit for its whole value-moving set without tools, and to be warned about with them', () => {
      expect(valueMovingCoverageOf(new SpendLimitPolicy({ hbar: 1, windowMs: 1_000 }))).to.equal('kit');
      expect(valueMovingCoverageOf(new SpendLimitPolicy({ hbar: 1, windowMs: 1_000, tools: ['transfer_hbar_tool'] }))).to.equal('listed');
      expect(valueMovingCoverageOf(new DuplicateIntentPolicy({ windowMs: 1_000 }))).to.equal('kit');
      expect(valueMovingCoverageOf(new DuplicateIntentPolicy({ windowMs: 1_000, tools: ['transfer_hbar_tool'] }))).to.equal('listed');
      // Its tools are the allowance tools that may spend: every other value-moving tool is refused, so it always takes the kit's set.
      expect(valueMovingCoverageOf(new AllowanceSpendPolicy({ owners: ['0.0.1234'], tools: ['transfer_hbar_with_allowance_tool'] }))).to.equal('kit');
      expect(new SpendLimitPolicy({ hbar: 1, windowMs: 1_000 }).relevantTools).to.include.members(['create_account_tool', 'delete_account_tool', 'sign_schedule_transaction_tool']);
    });
  });
});
