import { expect } from 'chai';
import { planCall, CallPlans } from '../../../src/lifecycle/call-plan.js';
import { ListenerIndex } from '../../../src/lifecycle/listener-index.js';
import { StageBus } from '../../../src/lifecycle/stage-bus.js';
import type { StageListener } from '../../../src/lifecycle/stage-listener.js';
import type { LifecycleStage } from '../../../src/lifecycle/stages.js';

const TOOL: { method: string; offersInnerStages?: boolean } = { method: 'echo_tool' };

function listener(kind: 'hook' | 'policy', stage: LifecycleStage, extra: Partial<StageListener> = {}): StageListener {
  return { kind, name: `${kind}@${stage}`, stage, tools: ['echo_tool'], invoke: () => undefined, ...extra };
}

function indexOf(...listeners: StageListener[]): ListenerIndex {
  const index = new ListenerIndex();
  for (const each of listeners) index.add(each);
  return index;
}

describe('planCall: who sees what, decided once per registration change', () => {
  describe('when nobody listens to the tool or observes the bus', () => {
    it('builds no event, locks and freezes nothing, and gives no call ID', () => {
      const plan = planCall(indexOf().plan('echo_tool'), TOOL, false, 0);
      expect(plan).to.include({ watched: false, normalisedEvent: false, coreEvent: false, executedEvent: false, lockRawParams: false, lockNormalisedParams: false, freezeCoreResult: false, movements: false });
    });
  });

  describe('when nobody listens at preToolExecution', () => {
    it('builds no preToolExecution event, yet still freezes the raw params when a later stage sees them', () => {
      expect(planCall(indexOf().plan('echo_tool'), TOOL, false, 0)).to.include({ preEvent: false, lockRawParams: false });
      expect(planCall(indexOf(listener('hook', 'postToolExecution')).plan('echo_tool'), TOOL, false, 0)).to.include({ preEvent: false, lockRawParams: true });
    });

    it('builds it for a listener at that stage or an observer of the bus', () => {
      expect(planCall(indexOf(listener('hook', 'preToolExecution')).plan('echo_tool'), TOOL, false, 0)).to.include({ preEvent: true });
      expect(planCall(indexOf().plan('echo_tool'), TOOL, true, 0)).to.include({ preEvent: true });
    });
  });

  describe('when only a postToolExecution hook listens', () => {
    it('guards everything it sees (raw and normalised params, the core result) without building earlier events', () => {
      const plan = planCall(indexOf(listener('hook', 'postToolExecution')).plan('echo_tool'), TOOL, false, 0);
      expect(plan).to.include({ watched: true, normalisedEvent: false, coreEvent: false, executedEvent: true, lockRawParams: true, lockNormalisedParams: true, freezeCoreResult: true, freezeEvents: true });
    });
  });

  describe('when hooks and policies share a stage', () => {
    it('locks at the first policy, after the hooks', () => {
      const plan = planCall(
        indexOf(listener('policy', 'preToolExecution'), listener('hook', 'preToolExecution'), listener('hook', 'preToolExecution'), listener('hook', 'postParamsNormalization')).plan('echo_tool'),
        TOOL,
        false,
        0,
      );
      expect(plan.rawLockAt).to.equal(2);
      expect(plan.normalisedLockAt).to.equal(1);
    });
  });

  describe('when every listener is one of the kit\'s read-only policies', () => {
    it('guards nothing, unless somebody observes the bus', () => {
      const listeners = indexOf(listener('policy', 'preToolExecution', { neverWrites: true })).plan('echo_tool');
      expect(planCall(listeners, TOOL, false, 0)).to.include({ freezeEvents: false, lockRawParams: false, rawLockAt: -1 });
      expect(planCall(listeners, TOOL, true, 0)).to.include({ freezeEvents: true, lockRawParams: true, rawLockAt: 0 });
    });
  });

  describe('when the tool is a plain Tool object or opts into scheduling', () => {
    it('offers no inner stages to the first, and the scheduling step to the second only', () => {
      const listeners = indexOf().plan('echo_tool');
      expect(planCall(listeners, { offersInnerStages: false }, true, 0)).to.include({ inner: false, normalisedEvent: false, coreEvent: false, executedEvent: true });
      expect(planCall(listeners, { schedulable: true }, false, 0).schedules).to.equal(true);
      expect(planCall(listeners, {}, false, 0).schedules).to.equal(false);
    });
  });
});

describe('CallPlans', () => {
  it('hands out the same plan until a listener registers or leaves, or the bus gains or loses observers', () => {
    const index = new ListenerIndex();
    const bus = new StageBus();
    const plans = new CallPlans(index, bus);
    const first = plans.for(TOOL);
    expect(plans.for(TOOL)).to.equal(first);
    const remove = index.add(listener('hook', 'postCoreAction'));
    const second = plans.for(TOOL);
    expect(second).to.not.equal(first);
    expect(second.coreEvent).to.equal(true);
    remove();
    expect(plans.for(TOOL).coreEvent).to.equal(false);
    const observer = () => undefined;
    bus.on('postToolExecution', observer);
    const observed = plans.for(TOOL);
    expect(observed.executedEvent).to.equal(true);
    expect(plans.for(TOOL)).to.equal(observed);
    bus.off('postToolExecution', observer);
    expect(plans.for(TOOL).executedEvent).to.equal(false);
  });
});
