import { expect } from 'chai';
import { ListenerIndex } from '../../../src/lifecycle/listener-index.js';
import type { StageListener } from '../../../src/lifecycle/stage-listener.js';

const listener = (name: string, tools: string[], kind: 'hook' | 'policy' = 'hook', stage: StageListener['stage'] = 'preToolExecution'): StageListener => ({
  kind,
  name,
  stage,
  tools,
  invoke: () => undefined,
});
const names = (list: readonly StageListener[] | null) => (list ?? []).map((l) => l.name);

describe('ListenerIndex', () => {
  describe('when listeners target other tools', () => {
    it('leaves them out of a tool plan entirely', () => {
      const index = new ListenerIndex();
      for (let i = 0; i < 1000; i++) index.add(listener(`other${i}`, [`tool_${i}`]));
      index.add(listener('mine', ['my_tool']));
      const plan = index.plan('my_tool');
      expect(names(plan.preToolExecution)).to.deep.equal(['mine']);
      expect(plan.postCoreAction).to.equal(null);
    });
  });

  describe('when it knows the only tools calls can name (a kit\'s fixed tools)', () => {
    it('indexes a listener under those alone, in order with the rest, whether lasting or removable', () => {
      const index = new ListenerIndex(new Set(['my_tool', 'your_tool']));
      index.addLasting(listener('shared', ['other_tool', 'my_tool', 'other_tool', 'my_tool']));
      index.addLasting(listener('elsewhere', ['other_tool']));
      const remove = index.add(listener('later', ['my_tool', 'other_tool']));
      index.addLasting(listener('everywhere', ['*']));
      expect(names(index.plan('my_tool').preToolExecution), 'listed twice, planned once').to.deep.equal(['shared', 'later', 'everywhere']);
      expect(names(index.plan('your_tool').preToolExecution)).to.deep.equal(['everywhere']);
      remove();
      expect(names(index.plan('my_tool').preToolExecution)).to.deep.equal(['shared', 'everywhere']);
    });

    it('keeps no bucket for a name it does not offer', () => {
      const index = new ListenerIndex(new Set(['my_tool']));
      for (let i = 0; i < 1000; i++) index.addLasting(listener(`other${i}`, [`tool_${i}`]));
      expect((index as unknown as { byTool: Map<string, unknown> }).byTool.size).to.equal(0);
      expect(index.plan('my_tool').watched).to.equal(false);
    });
  });

  describe('when wildcard and specific listeners mix', () => {
    it('folds wildcards into every tool, hooks before policies, registration order within each', () => {
      const index = new ListenerIndex();
      index.add(listener('p1', ['*'], 'policy'));
      index.add(listener('h1', ['a_tool']));
      index.add(listener('h2', ['*']));
      index.add(listener('p2', ['a_tool'], 'policy'));
      expect(names(index.plan('a_tool').preToolExecution)).to.deep.equal(['h1', 'h2', 'p1', 'p2']);
      expect(names(index.plan('b_tool').preToolExecution)).to.deep.equal(['h2', 'p1']);
    });
  });

  describe('when registrations change', () => {
    it('rebuilds plans and leaves lists already handed out untouched', () => {
      const index = new ListenerIndex();
      const remove = index.add(listener('first', ['t']));
      const before = index.plan('t').preToolExecution;
      index.add(listener('second', ['t']));
      remove();
      expect(names(before)).to.deep.equal(['first']);
      expect(Object.isFrozen(before)).to.equal(true);
      expect(names(index.plan('t').preToolExecution)).to.deep.equal(['second']);
    });

    it('caches a plan until the next change', () => {
      const index = new ListenerIndex();
      index.add(listener('x', ['t']));
      expect(index.plan('t')).to.equal(index.plan('t'));
    });

    it('registers a listener listed twice for one tool once', () => {
      const index = new ListenerIndex();
      index.add(listener('dup', ['t', 't']));
      expect(names(index.plan('t').preToolExecution)).to.deep.equal(['dup']);
    });
  });
});
