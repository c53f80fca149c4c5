import { expect } from 'chai';
import { InFlightLimit } from '../../../../src/audit/delivery/in-flight-limit.js';

describe('InFlightLimit', () => {
  describe('when more tasks arrive than it has places', () => {
    it('never runs more than its size at once, and runs the waiting ones in arrival order', async () => {
      const limit = new InFlightLimit(3);
      let running = 0;
      let most = 0;
      const started: number[] = [];
      const releases: (() => void)[] = [];
      const tasks = Array.from({ length: 8 }, (_, k) =>
        limit.run(async () => {
          started.push(k);
          running++;
          most = Math.max(most, running);
          await new Promise<void>((resolve) => releases.push(resolve));
          running--;
        }),
      );
      for (let round = 0; round < 8; round++) {
        await new Promise((resolve) => setImmediate(resolve));
        releases.shift()?.();
      }
      await Promise.all(tasks);
      expect(most).to.equal(3);
      expect(started).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(limit.inFlight).to.equal(0);
    });
  });

  describe('when a task throws', () => {
    it('gives its place back', async () => {
      const limit = new InFlightLimit(1);
      await limit.run(async () => Promise.reject(new Error('boom'))).catch(() => undefined);
      expect(await limit.run(async () => 'next')).to.equal('next');
      expect(limit.inFlight).to.equal(0);
    });
  });
});
