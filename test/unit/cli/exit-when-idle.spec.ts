import { expect } from 'chai';
import sinon from 'sinon';
import { EXIT_GRACE_MS, exitWhenIdle } from '../../../src/cli/exit-when-idle.js';

describe('exitWhenIdle', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers();
  });
  afterEach(() => clock.restore());

  describe('when something still holds the process after the command finished', () => {
    it('ends it with the command\'s exit code after the grace period, not before', async () => {
      const exit = sinon.spy();
      exitWhenIdle(3, { exit });
      await clock.tickAsync(EXIT_GRACE_MS - 1);
      expect(exit.called).to.equal(false);
      await clock.tickAsync(1);
      expect(exit.calledOnceWithExactly(3)).to.equal(true);
    });
  });

  describe('when nothing else holds the process', () => {
    it('does not hold it either: the timer is unref\'d', () => {
      const timer = exitWhenIdle(0, { exit: () => undefined });
      expect(timer.hasRef()).to.equal(false);
      clearTimeout(timer);
    });
  });
});
