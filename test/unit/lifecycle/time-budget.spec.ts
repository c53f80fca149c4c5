import { expect } from 'chai';
import sinon from 'sinon';
import { withinBudget } from '../../../src/lifecycle/time-budget.js';

describe('withinBudget: an answer within its time budget, or the overtime value', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => clock.restore());

  const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

  it('gives the answer when it comes in time, and the overtime value when it does not', async () => {
    const quick = withinBudget(later('quick', 10), 100, () => 'overtime');
    const slow = withinBudget(later('slow', 500), 100, () => 'overtime');
    await clock.tickAsync(600);
    expect(await quick).to.equal('quick');
    expect(await slow).to.equal('overtime');
  });

  it('passes a rejection on when it comes in time', async () => {
    const failing = withinBudget(Promise.reject(new Error('store down')), 100, () => 'overtime').then(
      () => expect.fail('should reject'),
      (error: Error) => error.message,
    );
    await clock.tickAsync(1);
    expect(await failing).to.equal('store down');
  });

  it('times out each wait at its own deadline', async () => {
    const answers: string[] = [];
    void withinBudget(new Promise<string>(() => {}), 100, () => 'first overtime').then((value) => answers.push(value));
    await clock.tickAsync(50);
    void withinBudget(new Promise<string>(() => {}), 100, () => 'second overtime').then((value) => answers.push(value));
    await clock.tickAsync(60);
    expect(answers).to.deep.equal(['first overtime']);
    await clock.tickAsync(50);
    expect(answers).to.deep.equal(['first overtime', 'second overtime']);
  });

  it('arms no timer for an answer that comes within a few microtask turns, and one for an answer that takes longer', async () => {
    const armed = sinon.spy(globalThis, 'setTimeout');
    try {
      expect(await withinBudget(Promise.resolve('at once'), 100, () => 'overtime')).to.equal('at once');
      expect(armed.callCount).to.equal(0);
      const slow = withinBudget(new Promise<string>(() => {}), 100, () => 'overtime');
      await clock.tickAsync(0);
      expect(armed.callCount).to.equal(1);
      await clock.tickAsync(100);
      expect(await slow).to.equal('overtime');
    } finally {
      armed.restore();
    }
  });

  it('ignores an answer that comes after the overtime value was given', async () => {
    const result = withinBudget(later('late', 200), 100, () => 'overtime');
    await clock.tickAsync(300);
    expect(await result).to.equal('overtime');
  });
});
