import { expect } from 'chai';
import type { ConfigError } from '../../../src/config/config-error.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { listenerCatalog } from '../../../src/config/listener-catalog.js';
import { CompositePolicy, ExpressionPolicy, MaxTransferPolicy, RecipientAllowlistPolicy, RecipientDenylistPolicy, TimeWindowPolicy } from '../../../src/policies/index.js';
import { configProblemsOf } from '../../support/config-problems.js';

describe('value policies in a configuration file', () => {
  describe('when named with valid arguments', () => {
    it('builds each of them', () => {
      const { listeners } = parseConfig(
        {
          policies: [
            { policy: 'MaxTransferPolicy', args: [{ hbar: 100, tokens: { '0.0.5678': 25, '0.0.6789': { baseUnits: '2500' } } }] },
            { policy: 'RecipientAllowlistPolicy', args: [['0.0.1001', '0.0.1002']] },
            { policy: 'RecipientDenylistPolicy', args: [['0.0.666'], { tools: ['transfer_hbar_tool'] }] },
            { policy: 'TimeWindowPolicy', args: [{ timeZone: 'Europe/Zurich', days: ['mon', 'fri'], from: '09:00', to: '17:00' }] },
            { policy: 'ExpressionPolicy', args: [{ expression: "movements.all(m, m.to != '0.0.666')", message: 'never to 0.0.666' }] },
          ],
        },
        't',
        '/tmp',
      );
      expect(listeners.map((listener) => listener?.constructor)).to.deep.equal([MaxTransferPolicy, RecipientAllowlistPolicy, RecipientDenylistPolicy, TimeWindowPolicy, ExpressionPolicy]);
    });

    it('composes policies with anyOf, allOf and not, nested as entries', () => {
      const { listeners } = parseConfig(
        {
          policies: [
            {
              policy: 'anyOf',
              args: [
                { policy: 'RecipientAllowlistPolicy', args: [['0.0.1001']] },
                { policy: 'allOf', args: [{ policy: 'MaxTransferPolicy', args: [{ hbar: 10 }] }, { policy: 'not', args: [{ policy: 'RecipientAllowlistPolicy', args: [['0.0.666']] }] }] },
              ],
            },
          ],
        },
        't',
        '/tmp',
      );
      const [policy] = listeners as CompositePolicy[];
      expect(policy).to.be.instanceOf(CompositePolicy);
      expect(policy!.name).to.equal('anyOf(Recipient Allowlist Policy, allOf(Max Transfer Policy, not(Recipient Allowlist Policy)))');
    });

    it('lists the compositions among the known policies, but not the class behind them', () => {
      const catalog = listenerCatalog();
      expect(['allOf', 'anyOf', 'not', 'MaxTransferPolicy', 'ExpressionPolicy'].every((name) => catalog.has(name))).to.equal(true);
      expect(catalog.has('CompositePolicy')).to.equal(false);
      expect(catalog.has('MovementPolicy')).to.equal(false);
    });
  });

  describe('when an argument is wrong', () => {
    it('names the field, down into compositions', () => {
      const problems = configProblemsOf({
        policies: [
          { policy: 'ExpressionPolicy', args: [{ expression: 'movements.all(m, m.amount <', message: 'x' }] },
          { policy: 'anyOf', args: [{ policy: 'RecipientAllowlistPolicy', args: [['0.0.5']] }, { policy: 'NoSuchPolicy' }] },
          { policy: 'anyOf', args: [{ policy: 'allOf', args: [{ policy: 'ExpressionPolicy', args: [{ expression: 'nope', message: 'x' }] }] }] },
          { policy: 'not', args: [{ hook: 'HcsAuditTrailHook', args: [] }] },
          { policy: 'MaxTransferPolicy', args: [{ hbars: 5 }] },
          { policy: 'not', args: [] },
        ],
      });
      expect(problems[0]).to.equal("policies[0].args[0].expression: ExpressionPolicy: 'expression' does not compile: Unexpected token: EOF (at character 28).");
      expect(problems[1]).to.match(/^policies\[1\]\.args\[1\]\.policy: unknown policy "NoSuchPolicy"; known: .*MaxTransferPolicy/);
      expect(problems[2]).to.equal("policies[2].args[0].args[0].args[0].expression: ExpressionPolicy: 'expression' does not compile: Unknown variable: nope (at character 1).");
      expect(problems[3]).to.equal('policies[3].args[0]: not: expected { "policy": "<class name>", "args": [...] } (a composition combines policies, not hooks).');
      expect(problems[4]).to.equal("policies[4].args[0].hbars: MaxTransferPolicy: unknown option 'hbars'; accepted: hbar, tokens, usd, prices, price, exchangeRate, allowUnpriced, allowUnbounded, tools.");
      expect(problems[5]).to.equal('policies[5].args: not(...) takes exactly one policy, got 0.');
    });
  });
});
