import { expect } from 'chai';
import { StageBus } from '../../../src/lifecycle/stage-bus.js';

describe('StageBus.observed', () => {
  it('follows every way of subscribing and unsubscribing', () => {
    const bus = new StageBus();
    const observer = () => undefined;
    expect(bus.observed).to.equal(false);
    bus.on('preToolExecution', observer);
    expect(bus.observed).to.equal(true);
    bus.off('preToolExecution', observer);
    expect(bus.observed).to.equal(false);
    bus.addListener('toolError', observer);
    expect(bus.observed).to.equal(true);
    bus.removeListener('toolError', observer);
    expect(bus.observed).to.equal(false);
    bus.once('postCoreAction', observer);
    expect(bus.observed).to.equal(true);
    bus.on('postToolExecution', observer);
    bus.removeAllListeners('postCoreAction');
    expect(bus.observed).to.equal(true);
    bus.removeAllListeners();
    expect(bus.observed).to.equal(false);
  });
});
