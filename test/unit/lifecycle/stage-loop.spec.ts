import { expect } from 'chai';
import sinon from 'sinon';
import { ErrorCode } from '../../../src/lifecycle/errors.js';
import type { StageListener } from '../../../src/lifecycle/stage-listener.js';
import { STAGE_RULES, runStage, type ListeningCall } from '../../../src/lifecycle/stage-loop.js';
import type { LifecycleStage } from '../../../src/lifecycle/stages.js';

function hook(name: string, log: string[], answer: () => unknown = () => undefined): StageListener {
  return { kind: 'hook', name, stage: 'preToolExecution', tools: ['*'], invoke: () => { log.push(name); return answer(); } };
}

function policy(name: string, log: string[], verdict: () => unknown = () => false, settle?: () => void): StageListener {
  return { kind: 'policy', name, stage: 'preToolExecution', tools: ['*'], invoke: () => { log.push(name); return verdict(); }, ...(settle ? { settle } : {}) };
}

function callWith(observers: Partial<Record<LifecycleStage, () => void>> = {}): ListeningCall & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    method: 'echo_tool',
    judges: [],
    policyTimeoutMs: 1000,
    objection: undefined,
    warnings,
    bus: { observed: Object.keys(observers).length > 0, emit: (stage: LifecycleStage) => observers[stage]?.() },
    warn: (text: string) => warnings.push(text),
  };
}

describe('runStage: one loop for every stage', () => {
  const sandbox = sinon.createSandbox();
  afterEach(() => sandbox.restore());

  describe('when every listener answers synchronously', () => {
    it('runs them in order and returns no promise', () => {
      const log: string[] = [];
      const pending = runStage(STAGE_RULES.preToolExecution, [hook('h1', log), hook('h2', log), policy('p1', log)], {}, callWith());
      expect(pending).to.equal(undefined);
      expect(log).to.deep.equal(['h1', 'h2', 'p1']);
    });
  });

  describe('when a listener answers with a promise', () => {
    it('awaits it before the next one and still locks before the first policy', async () => {
      const log: string[] = [];
      let release!: () => void;
      const slow = new Promise<void>((resolve) => (release = resolve));
      const lock = sandbox.spy(() => log.push('lock'));
      const pending = runStage(STAGE_RULES.preToolExecution, [hook('slow', log, () => slow), hook('h2', log), policy('p1', log)], {}, callWith(), 2, lock);
      expect(pending).to.not.equal(undefined);
      expect(log).to.deep.equal(['slow']);
      release();
      await pending;
      expect(log).to.deep.equal(['slow', 'h2', 'lock', 'p1']);
      expect(lock.calledOnce).to.equal(true);
    });
  });

  describe('when a stage has no policy', () => {
    it('locks once after the last hook, and also for a stage with no listeners at all', () => {
      const log: string[] = [];
      runStage(STAGE_RULES.preToolExecution, [hook('h1', log)], {}, callWith(), 1, () => log.push('lock'));
      runStage(STAGE_RULES.postParamsNormalization, null, {}, callWith(), 0, () => log.push('lock again'));
      expect(log).to.deep.equal(['h1', 'lock', 'lock again']);
    });
  });

  describe('before the action', () => {
    it('turns a block into a PolicyBlockedError naming the policy and stage, and asks no later listener', () => {
      const log: string[] = [];
      const call = callWith();
      expect(() => runStage(STAGE_RULES.postCoreAction, [policy('no', log, () => ({ block: true, reason: 'too much' })), policy('later', log)], {}, call))
        .to.throw()
        .that.satisfies((error: { code: string; blockedBy: unknown }) => {
          expect(error.code).to.equal(ErrorCode.POLICY_BLOCKED);
          expect(error.blockedBy).to.deep.equal({ policy: 'no', stage: 'postCoreAction', reason: 'too much' });
          return true;
        });
      expect(log).to.deep.equal(['no']);
    });

    it('fails closed on a rejected verdict, noting the settling policy before it was asked, and lets a failing hook fail the call', async () => {
      const call = callWith();
      const settle = () => undefined;
      const pending = runStage(STAGE_RULES.preToolExecution, [policy('judge', [], () => Promise.reject(new Error('down')), settle)], {}, call);
      const failed = await Promise.resolve(pending).then(() => undefined, (error: unknown) => error);
      expect(failed).to.have.property('code', ErrorCode.POLICY_BLOCKED);
      expect(failed).to.have.nested.property('blockedBy.reason', 'down');
      expect(call.judges.map((judge) => judge.name)).to.deep.equal(['judge']);
      expect(() => runStage(STAGE_RULES.preToolExecution, [hook('broken', [], () => { throw new Error('hook broke'); })], {}, callWith())).to.throw('hook broke');
    });

    it('lets an observer that throws fail the call', () => {
      expect(() => runStage(STAGE_RULES.preToolExecution, [], {}, callWith({ preToolExecution: () => { throw new Error('observer broke'); } }))).to.throw('observer broke');
    });
  });

  describe('after the action', () => {
    it('records the first objection, asks no later policy, and still runs the hooks', async () => {
      const log: string[] = [];
      const call = callWith();
      await runStage(STAGE_RULES.postToolExecution, [hook('h1', log), policy('first', log, () => Promise.resolve(true)), policy('second', log, () => true)], {}, call);
      expect(call.objection).to.deep.equal({ policy: 'first', stage: 'postToolExecution' });
      expect(log).to.deep.equal(['h1', 'first']);
    });

    it('turns failing hooks (thrown or rejected) and observers into warnings', async () => {
      const call = callWith({ postToolExecution: () => { throw new Error('observer broke'); } });
      await runStage(STAGE_RULES.postToolExecution, [hook('sync', [], () => { throw new Error('a'); }), hook('async', [], () => Promise.reject(new Error('b')))], {}, call);
      expect(call.warnings).to.deep.equal(['hook "sync" failed after the action ran: a', 'hook "async" failed after the action ran: b', 'a postToolExecution observer failed: observer broke']);
    });
  });

  describe('at toolError', () => {
    it('tells every listener, policies included, judging none, and warns about failures', () => {
      const log: string[] = [];
      const call = callWith();
      runStage(STAGE_RULES.toolError, [policy('told', log, () => true), hook('broken', log, () => { throw new Error('x'); })], {}, call);
      expect(log).to.deep.equal(['told', 'broken']);
      expect(call.objection).to.equal(undefined);
      expect(call.judges).to.deep.equal([]);
      expect(call.warnings).to.deep.equal(['toolError hook "broken" failed: x']);
    });
  });
});
