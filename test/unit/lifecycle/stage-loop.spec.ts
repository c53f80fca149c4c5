import { expect } from 'chai';
import sinon from 'sinon';
import { ErrorCode } from '../../../src/errors/index.js';
import { PolicyBlockedError } from '../../../src/lifecycle/policy-blocked-error.js';
import type { StageListener } from '../../../src/lifecycle/stage-listener.js';
import { STAGE_RULES, finishStage, resumeRejected, resumeStage, runStage, type ListeningCall } from '../../../src/lifecycle/stage-loop.js';
import type { LifecycleStage } from '../../../src/lifecycle/stages.js';
import type { BlockedBy } from '../../../src/lifecycle/tool-result.js';

function hook(name: string, log: string[], answer: () => unknown = () => undefined): StageListener {
  return { kind: 'hook', name, stage: 'preToolExecution', tools: ['*'], invoke: () => { log.push(name); return answer(); } };
}

function policy(name: string, log: string[], verdict: () => unknown = () => false, settle?: () => void): StageListener {
  return { kind: 'policy', name, stage: 'preToolExecution', tools: ['*'], invoke: () => { log.push(name); return verdict(); }, ...(settle ? { settle } : {}) };
}

function callWith(observers: Partial<Record<LifecycleStage, () => void>> = {}): ListeningCall & { warnings: string[]; wouldBlocks: BlockedBy[] } {
  const warnings: string[] = [];
  const wouldBlocks: BlockedBy[] = [];
  return {
    wouldBlocks,
    wouldHaveBlocked: (blockedBy: BlockedBy) => void wouldBlocks.push(blockedBy),
    method: 'echo_tool',
    judges: [],
    policyTimeoutMs: 1000,
    objection: undefined,
    cursor: undefined,
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
      const call = callWith();
      const pending = runStage(STAGE_RULES.preToolExecution, [hook('slow', log, () => slow), hook('h2', log), policy('p1', log)], {}, call, 2, lock);
      expect(pending).to.not.equal(undefined);
      expect(log).to.deep.equal(['slow']);
      release();
      await finishStage(call, pending);
      expect(log).to.deep.equal(['slow', 'h2', 'lock', 'p1']);
      expect(lock.calledOnce).to.equal(true);
    });
  });

  describe('when the caller waits in its own frame', () => {
    it('gets the listener\'s own promise, no wrapper, and resumes after it where the stage stopped', async () => {
      const log: string[] = [];
      const first = Promise.resolve();
      const second = Promise.resolve();
      const call = callWith();
      const pending = runStage(STAGE_RULES.postParamsNormalization, [hook('a', log, () => first), hook('b', log), hook('c', log, () => second), hook('d', log)], {}, call);
      expect(pending).to.equal(first);
      expect(log).to.deep.equal(['a']);
      const next = resumeStage(call, await pending);
      expect(next).to.equal(second);
      expect(log).to.deep.equal(['a', 'b', 'c']);
      expect(resumeStage(call, await next)).to.equal(undefined);
      expect(log).to.deep.equal(['a', 'b', 'c', 'd']);
    });

    it('hands back an asynchronous policy\'s verdict promise and reads the verdict on resuming', async () => {
      const log: string[] = [];
      const call = callWith();
      const pending = runStage(STAGE_RULES.preToolExecution, [policy('slow no', log, () => Promise.resolve({ block: true, reason: 'later' })), policy('never asked', log)], {}, call);
      const verdict = await pending;
      expect(verdict).to.deep.equal({ policy: 'slow no', stage: 'preToolExecution', reason: 'later' });
      expect(() => resumeStage(call, verdict)).to.throw().with.property('code', ErrorCode.POLICY_BLOCKED);
      expect(log).to.deep.equal(['slow no']);
    });

    it('rethrows a rejection before the action, and after it warns and goes on with the next listener', async () => {
      const before = callWith();
      const rejected = runStage(STAGE_RULES.postCoreAction, [hook('down', [], () => Promise.reject(new Error('gone')))], {}, before);
      const error = await Promise.resolve(rejected).then(() => undefined, (thrown: unknown) => thrown);
      expect(() => resumeRejected(before, error)).to.throw('gone');

      const log: string[] = [];
      const after = callWith();
      const failing = runStage(STAGE_RULES.postToolExecution, [hook('down', log, () => Promise.reject(new Error('gone'))), hook('next', log)], {}, after);
      const reason = await Promise.resolve(failing).then(() => undefined, (thrown: unknown) => thrown);
      expect(resumeRejected(after, reason)).to.equal(undefined);
      expect(log).to.deep.equal(['down', 'next']);
      expect(after.warnings).to.deep.equal(['hook "down" failed after the action ran: gone']);
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
      const failed = await finishStage(call, pending).then(() => undefined, (error: unknown) => error);
      expect(failed).to.have.property('code', ErrorCode.POLICY_BLOCKED);
      expect(failed).to.have.nested.property('blockedBy.reason', 'down');
      expect(call.judges.map((judge) => judge.name)).to.deep.equal(['judge']);
      expect(() => runStage(STAGE_RULES.preToolExecution, [hook('broken', [], () => { throw new Error('hook broke'); })], {}, callWith())).to.throw('hook broke');
    });

    it('lets an observer that throws fail the call', () => {
      expect(() => runStage(STAGE_RULES.preToolExecution, [], {}, callWith({ preToolExecution: () => { throw new Error('observer broke'); } }))).to.throw('observer broke');
    });
  });

  describe('when a policy is in report mode', () => {
    const reporting = (listener: StageListener, stage: LifecycleStage = 'preToolExecution'): StageListener => ({ ...listener, stage, reportOnly: true });

    it('reports its block, sync or async, and goes on to the next listener; an enforcing policy after it still blocks', async () => {
      const log: string[] = [];
      const call = callWith();
      const listeners = [
        reporting(policy('sync', log, () => ({ block: true, reason: 'over the cap' }))),
        reporting(policy('async', log, () => Promise.resolve(true))),
        policy('enforcer', log, () => ({ block: true, reason: 'denied' })),
      ];
      const failed = await finishStage(call, runStage(STAGE_RULES.preToolExecution, listeners, {}, call)).then(() => undefined, (error: unknown) => error);
      expect(call.wouldBlocks).to.deep.equal([
        { policy: 'sync', stage: 'preToolExecution', reason: 'over the cap' },
        { policy: 'async', stage: 'preToolExecution' },
      ]);
      expect(log).to.deep.equal(['sync', 'async', 'enforcer']);
      expect(failed).to.have.nested.property('blockedBy.policy', 'enforcer');
    });

    it('reads a throw and a rejection as would-blocks too (fail closed, reported), and reports nothing for an allow', async () => {
      const call = callWith();
      const listeners = [
        reporting(policy('throws', [], () => { throw new Error('store down'); })),
        reporting(policy('rejects', [], () => Promise.reject(new Error('timeout upstream')))),
        reporting(policy('allows', [], () => false)),
      ];
      await finishStage(call, runStage(STAGE_RULES.postParamsNormalization, listeners, {}, call));
      expect(call.wouldBlocks).to.deep.equal([
        { policy: 'throws', stage: 'postParamsNormalization', reason: 'store down' },
        { policy: 'rejects', stage: 'postParamsNormalization', reason: 'timeout upstream' },
      ]);
    });

    it('after the action reports instead of objecting, and a later enforcing policy still objects', async () => {
      const call = callWith();
      await finishStage(call, runStage(STAGE_RULES.postToolExecution, [reporting(policy('reporter', [], () => true), 'postToolExecution'), { ...policy('objector', [], () => true), stage: 'postToolExecution' }], {}, call));
      expect(call.wouldBlocks).to.deep.equal([{ policy: 'reporter', stage: 'postToolExecution' }]);
      expect(call.objection).to.deep.equal({ policy: 'objector', stage: 'postToolExecution' });
    });

    it('enforces a block that holds the call for approval: the request it opened must not run the call a second time', () => {
      const call = callWith();
      const held: BlockedBy = { policy: 'holds', stage: 'preToolExecution', pendingApprovalId: 'req-1' };
      const throwsHeld = reporting(policy('holds', [], () => { throw new PolicyBlockedError('echo_tool', held); }));
      expect(() => runStage(STAGE_RULES.preToolExecution, [throwsHeld], {}, call)).to.throw().with.nested.property('blockedBy.pendingApprovalId', 'req-1');
      expect(call.wouldBlocks).to.deep.equal([]);
    });
  });

  describe('after the action', () => {
    it('records the first objection, asks no later policy, and still runs the hooks', async () => {
      const log: string[] = [];
      const call = callWith();
      await finishStage(call, runStage(STAGE_RULES.postToolExecution, [hook('h1', log), policy('first', log, () => Promise.resolve(true)), policy('second', log, () => true)], {}, call));
      expect(call.objection).to.deep.equal({ policy: 'first', stage: 'postToolExecution' });
      expect(log).to.deep.equal(['h1', 'first']);
    });

    it('turns failing hooks (thrown or rejected) and observers into warnings', async () => {
      const call = callWith({ postToolExecution: () => { throw new Error('observer broke'); } });
      await finishStage(call, runStage(STAGE_RULES.postToolExecution, [hook('sync', [], () => { throw new Error('a'); }), hook('async', [], () => Promise.reject(new Error('b')))], {}, call));
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
