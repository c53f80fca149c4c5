import { expect } from 'chai';
import { verdictsDiffer } from '../../../../src/cli/replay/replay-verdicts.js';

describe('verdictsDiffer', () => {
  it('compares report-mode would-blocks, except those at postToolExecution, which a live entry never holds', () => {
    const at = (stage: string) => ({ verdict: 'allow' as const, reported: [{ policy: 'Soft', stage }] });
    expect(verdictsDiffer({ verdict: 'allow' }, at('postParamsNormalization'))).to.equal(true);
    expect(verdictsDiffer(at('postParamsNormalization'), at('postParamsNormalization'))).to.equal(false);
    expect(verdictsDiffer({ verdict: 'allow' }, at('postToolExecution'))).to.equal(false);
    expect(verdictsDiffer({ verdict: 'allow' }, { verdict: 'block', policy: 'Hard' })).to.equal(true);
  });
});
