import { expect } from 'chai';
import fc from 'fast-check';
import { judge } from '../../../src/lifecycle/policy-judge.js';
import type { StageListener } from '../../../src/lifecycle/stage-listener.js';

const policyAnswering = (verdict: unknown): StageListener => ({ kind: 'policy', name: 'p', stage: 'preToolExecution', tools: ['*'], invoke: () => verdict });

/** What "clearly an allow" is: falsy, or an object that says block: <falsy>. */
const isAllow = (verdict: unknown): boolean =>
  !verdict || (typeof verdict === 'object' && 'block' in (verdict as object) && !(verdict as { block?: unknown }).block);

describe('policy verdicts', () => {
  it('block unless they are clearly an allow, sync or async, whatever their shape', async () => {
    const verdicts = fc.oneof(
      fc.anything(),
      fc.constantFrom(1, 'block', 'no', 'false', ['no'], { reason: 'too much' }, { block: 'true' }, { block: 'false' }, { block: 0 }, { block: null }, { allow: true }, -1, NaN, 0n, 1n),
      fc.record({ block: fc.anything(), reason: fc.option(fc.string()) }),
    );
    await fc.assert(
      fc.asyncProperty(verdicts, fc.boolean(), async (verdict, async) => {
        const answer = judge(policyAnswering(async ? Promise.resolve(verdict) : verdict), 'preToolExecution', {}, 1_000);
        const blocked = await answer;
        expect(Boolean(blocked), `verdict ${fc.stringify(verdict)}`).to.equal(!isAllow(verdict));
      }),
      { numRuns: 500 },
    );
  });

  it('block when the policy throws or rejects, with the error as the reason', async () => {
    const thrower: StageListener = { ...policyAnswering(undefined), invoke: () => { throw new Error('broken'); } };
    expect(judge(thrower, 'preToolExecution', {}, 1_000)).to.deep.equal({ policy: 'p', stage: 'preToolExecution', reason: 'broken' });
    const rejecter = policyAnswering(Promise.reject(new Error('down')));
    expect(await judge(rejecter, 'preToolExecution', {}, 1_000)).to.deep.equal({ policy: 'p', stage: 'preToolExecution', reason: 'down' });
  });
});
