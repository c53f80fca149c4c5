import { expect } from 'chai';
import sinon from 'sinon';
import { PROGRESS_AFTER_MS, PROGRESS_EVERY_MS, withProgress } from '../../../src/cli/progress.js';

describe('withProgress', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers();
  });
  afterEach(() => clock.restore());

  function pending(): { promise: Promise<string>; resolve: (value: string) => void } {
    let resolve!: (value: string) => void;
    const promise = new Promise<string>((done) => (resolve = done));
    return { promise, resolve };
  }

  describe('when the work takes longer than a second', () => {
    it('names it on stderr, then says every few seconds that it is still at it, and stops when done', async () => {
      const lines: string[] = [];
      const work = pending();
      const running = withProgress((text) => lines.push(text), 'waiting for network "testnet"', work.promise);
      await clock.tickAsync(PROGRESS_AFTER_MS - 1);
      expect(lines).to.deep.equal([]);
      await clock.tickAsync(1);
      expect(lines).to.deep.equal(['… waiting for network "testnet"\n']);
      await clock.tickAsync(PROGRESS_EVERY_MS);
      expect(lines[1]).to.equal(`… still waiting for network "testnet" (${(PROGRESS_AFTER_MS + PROGRESS_EVERY_MS) / 1000} s)\n`);
      work.resolve('done');
      expect(await running).to.equal('done');
      await clock.tickAsync(PROGRESS_EVERY_MS * 3);
      expect(lines).to.have.length(2);
    });
  });

  describe('when the work is quick', () => {
    it('writes nothing', async () => {
      const lines: string[] = [];
      expect(await withProgress((text) => lines.push(text), 'x', Promise.resolve(1))).to.equal(1);
      await clock.tickAsync(PROGRESS_AFTER_MS * 5);
      expect(lines).to.deep.equal([]);
    });
  });

  describe('when the work fails', () => {
    it('passes the failure on and stops writing', async () => {
      const lines: string[] = [];
      const failing = withProgress((text) => lines.push(text), 'x', Promise.reject(new Error('boom')));
      const error = await failing.then(() => undefined, (thrown: Error) => thrown);
      expect(error?.message).to.equal('boom');
      await clock.tickAsync(PROGRESS_AFTER_MS * 5);
      expect(lines).to.deep.equal([]);
    });
  });
});
