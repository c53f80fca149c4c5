import { expect } from 'chai';
import { AccountId, Hbar, Long, PrivateKey, type Client } from '@hiero-ledger/sdk';
import { ExpressionPolicy } from '../../../src/policies/index.js';
import { argPathOf } from '../../../src/errors/index.js';
import { offlineClient } from '../../support/offline-client.js';
import { callWith, hbarCredits } from './value-policy-kit.js';

const CAP = "movements.all(m, m.asset != 'HBAR' || m.amount <= 10000000000)";

describe('ExpressionPolicy', () => {
  let client: Client;
  beforeEach(() => (client = offlineClient()));
  afterEach(() => client.close());

  describe('when the expression compiles', () => {
    it('allows the calls it is true for and refuses the others with the message, the expression and the movements', async () => {
      const policy = new ExpressionPolicy({ expression: CAP, message: 'no transfer above 100 HBAR' });
      expect(policy.readsMovements).to.equal(true);
      expect((await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', 100]]))).raw.status).to.equal('SUCCESS');
      const over = await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', '100.00000001']]));
      expect(over.raw.blockedBy).to.deep.equal({
        policy: 'Expression Policy',
        stage: 'postParamsNormalization',
        reason: `no transfer above 100 HBAR (the expression ${CAP} is false; the call moves 100.00000001 HBAR from 0.0.2 to 0.0.5)`,
      });
    });

    it('compares amounts beyond 2^53 exactly, as CEL ints', async () => {
      const policy = new ExpressionPolicy({ expression: 'movements.all(m, m.amount <= 900719925474099300)', message: 'too much' });
      const transfer = (tinybars: string) => ({
        hbarTransfers: [
          { accountId: AccountId.fromString('0.0.5'), amount: Hbar.fromTinybars(Long.fromString(tinybars)) },
          { accountId: AccountId.fromString('0.0.2'), amount: Hbar.fromTinybars(Long.fromString(`-${tinybars}`)) },
        ],
      });
      expect((await callWith(client, [policy], 'transfer_hbar_tool', transfer('900719925474099300'))).raw.status).to.equal('SUCCESS');
      expect((await callWith(client, [policy], 'transfer_hbar_tool', transfer('900719925474099301'))).raw.status).to.equal('ERROR');
    });

    it('reads method, rawParams, normalisedParams (SDK values as CEL values) and context', async () => {
      const key = PrivateKey.generateED25519();
      const params = { memo: 'x', payer: AccountId.fromString('0.0.2'), units: Long.fromNumber(7), secret: key };
      const policy = new ExpressionPolicy({
        expression: "method == 'memo_tool' && rawParams.note == 'hello' && normalisedParams.payer == '0.0.2' && normalisedParams.units == 7 && normalisedParams.secret == '[REDACTED]' && !has(normalisedParams.missing)",
        message: 'unexpected call',
      });
      expect(policy.readsMovements).to.equal(false);
      expect((await callWith(client, [policy], 'memo_tool', params, { note: 'hello' })).raw.status).to.equal('SUCCESS');
      const context = new ExpressionPolicy({ expression: "context.accountId == '0.0.77'", message: 'wrong account', stage: 'preToolExecution' });
      expect((await callWith(client, [context], 'memo_tool', params)).raw.blockedBy?.reason).to.contain('wrong account');
    });

    it('refuses a call the expression cannot be evaluated for, or answers with a non-boolean', async () => {
      const early = new ExpressionPolicy({ expression: CAP, message: 'capped', stage: 'preToolExecution' });
      expect(early.readsMovements).to.equal(false);
      expect((await callWith(client, [early], 'transfer_hbar_tool', hbarCredits([['0.0.5', 1]]))).raw.blockedBy).to.include({ stage: 'preToolExecution' });
      const missing = new ExpressionPolicy({ expression: 'rawParams.limit > 3', message: 'limit too low' });
      const result = await callWith(client, [missing], 'memo_tool', {});
      expect(result.raw.blockedBy?.reason).to.equal('limit too low (the expression could not be evaluated for this call: No such key: limit)');
      const viewless = await callWith(client, [new ExpressionPolicy({ expression: CAP, message: 'capped', tools: ['memo_tool'] })], 'memo_tool', {});
      expect(viewless.raw.blockedBy?.reason).to.contain('could not be evaluated');
      const dynamic = await callWith(client, [new ExpressionPolicy({ expression: 'rawParams.answer', message: 'no' })], 'memo_tool', {}, { answer: 42 });
      expect(dynamic.raw.blockedBy?.reason).to.contain('returned number, not true or false');
    });

    it('judges at the stage it is given and carries its own name', async () => {
      const policy = new ExpressionPolicy({ expression: 'false', message: 'never', stage: 'postCoreAction', name: 'Never' });
      expect((await callWith(client, [policy], 'memo_tool', {})).raw.blockedBy).to.include({ policy: 'Never', stage: 'postCoreAction' });
    });
  });

  describe('when the expression does not compile', () => {
    it('refuses it at construction, naming the field and where the problem is', () => {
      const cases: [unknown, string, unknown[]][] = [
        [{ expression: 'movements.all(m, m.amount <= ', message: 'x' }, "'expression' does not compile: Unexpected token: EOF (at character 30)", [0, 'expression']],
        [{ expression: 'amount > 5', message: 'x' }, "'expression' does not compile: Unknown variable: amount (at character 1)", [0, 'expression']],
        [{ expression: 'method + 1', message: 'x' }, 'no such overload: string + int', [0, 'expression']],
        [{ expression: '1 + 2', message: 'x' }, 'it is of type int', [0, 'expression']],
        [{ expression: '', message: 'x' }, "'expression' must be a CEL expression", [0, 'expression']],
        [{ expression: 'true' }, "'message' is required: say why a refused call is refused", [0, 'message']],
        [{ expression: 'true', message: 'x', stage: 'coreAction' }, "'stage' must be one of", [0, 'stage']],
        [{ expression: 'true', message: 'x', when: 1 }, "unknown option 'when'", [0, 'when']],
      ];
      for (const [options, message, path] of cases) {
        let error: unknown;
        try {
          new ExpressionPolicy(options as never);
        } catch (thrown) {
          error = thrown;
        }
        expect((error as Error)?.message, JSON.stringify(options)).to.contain(message);
        expect(argPathOf(error) ?? [], JSON.stringify(options)).to.deep.equal(path);
      }
    });
  });
});
