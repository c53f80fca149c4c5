import { expect } from 'chai';
import sinon from 'sinon';
import { z } from 'zod';
import { ToolRegistry } from '../../../src/kit/tool-registry.js';
import { UnknownToolError } from '../../../src/errors/index.js';
import { BaseQueryTool, BaseTransactionTool } from '../../../src/index.js';
import type { DeferredTool } from '../../../src/plugins/core-tools.js';
import { EchoTool } from '../../support/noop-tools.js';

class ReadTool extends BaseQueryTool<Record<string, never>, Record<string, never>, number> {
  method = 'read_tool';
  name = 'Read';
  description = 'Reads nothing.';
  parameters = z.object({}).strict() as z.ZodType<Record<string, never>>;
  normalizeParams(params: Record<string, never>) {
    return params;
  }
  coreAction() {
    return 1;
  }
}

class MoveTool extends BaseTransactionTool<Record<string, never>, Record<string, never>, never> {
  method = 'move_tool';
  name = 'Move';
  description = 'Would move value.';
  parameters = z.object({}).strict() as z.ZodType<Record<string, never>>;
  normalizeParams(params: Record<string, never>) {
    return params;
  }
  coreAction(): never {
    throw new Error('not in these tests');
  }
}

describe('ToolRegistry', () => {
  const sandbox = sinon.createSandbox();
  afterEach(() => sandbox.restore());

  function deferred(method: string, make: () => unknown, declared: Partial<DeferredTool> = {}): DeferredTool & { build: sinon.SinonSpy } {
    return { method, plugin: 'core-demo', toolType: 'query', movesNoValue: false, source: `/core/${method}.js`, ...declared, build: sandbox.spy(make) };
  }

  describe('when a tool is deferred', () => {
    it('answers names and start-check facts without building it', () => {
      const registry = new ToolRegistry();
      const read = deferred('read_tool', () => new ReadTool());
      const move = deferred('move_tool', () => new MoveTool(), { toolType: 'transaction' });
      registry.addDeferred(read);
      registry.addDeferred(move);
      registry.add(new EchoTool(), 'user');

      expect(registry.methods()).to.deep.equal(['read_tool', 'move_tool', 'echo_tool']);
      expect(registry.has('move_tool')).to.equal(true);
      expect(registry.withoutInnerStages()).to.deep.equal([]);
      expect(registry.withoutMovementsView(() => false)).to.deep.equal(['move_tool']);
      expect(registry.withoutMovementsView((method) => method === 'move_tool')).to.deep.equal([]);
      registry.restrictTo(['read_tool', 'move_tool']);
      expect(registry.methods()).to.deep.equal(['read_tool', 'move_tool']);
      expect(read.build.called || move.build.called).to.equal(false);
    });

    it('builds it once, on first lookup, and lists it like any tool', () => {
      const registry = new ToolRegistry();
      const read = deferred('read_tool', () => new ReadTool());
      registry.addDeferred(read);
      const tool = registry.get('read_tool');
      expect(registry.get('read_tool')).to.equal(tool);
      expect(read.build.callCount).to.equal(1);
      expect(registry.list()).to.deep.equal([{ method: 'read_tool', name: 'Read', description: 'Reads nothing.', parameters: tool.parameters, toolType: 'query', plugin: 'core-demo' }]);
    });

    it('builds every deferred tool to list them, since their schemas are part of the listing', () => {
      const registry = new ToolRegistry();
      const read = deferred('read_tool', () => new ReadTool());
      const move = deferred('move_tool', () => new MoveTool(), { toolType: 'transaction' });
      registry.addDeferred(read);
      registry.addDeferred(move);
      expect(registry.list().map((tool) => tool.method)).to.deep.equal(['read_tool', 'move_tool']);
      expect(read.build.callCount + move.build.callCount).to.equal(2);
    });

    it('refuses a plugin tool of a deferred tool\'s name, naming both plugins', () => {
      const registry = new ToolRegistry();
      registry.addDeferred(deferred('echo_tool', () => new EchoTool()));
      expect(() => registry.add(new EchoTool(), 'user')).to.throw(/Plugin "user" defines tool "echo_tool", which plugin "core-demo" already defines/);
    });

    it('refuses an unknown name in restrictTo, suggesting the close ones', () => {
      const registry = new ToolRegistry();
      registry.addDeferred(deferred('read_tool', () => new ReadTool()));
      const error = (() => {
        try {
          registry.restrictTo(['raed_tool']);
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).to.be.instanceOf(UnknownToolError);
      expect((error as UnknownToolError).suggestions).to.deep.equal(['read_tool']);
    });
  });

  describe('when a deferred tool is not what was declared for it', () => {
    // The start checks trusted the declaration; running under checks made for another tool would fail open.
    for (const [label, declared, make, problem] of [
      ['another tool type', { toolType: 'query' }, () => new MoveTool(), 'toolType is "transaction", the manifest says "query"'],
      ['a movesNoValue mark it lacks', { toolType: 'transaction', movesNoValue: true }, () => new MoveTool(), 'movesNoValue is false, the manifest says true'],
      ['another method', {}, () => new EchoTool('other_tool'), 'its method is "other_tool", the manifest says "read_tool"'],
    ] as const) {
      it(`refuses it on first lookup when it has ${label}, naming plugin and file`, () => {
        const registry = new ToolRegistry();
        registry.addDeferred(deferred('read_tool', make, declared));
        expect(() => registry.get('read_tool'))
          .to.throw(/Core plugin "core-demo"/)
          .with.property('message')
          .that.contains('/core/read_tool.js')
          .and.contains(problem);
      });
    }

    it('refuses something that is no tool at all, as for any plugin', () => {
      const registry = new ToolRegistry();
      registry.addDeferred(deferred('read_tool', () => ({ method: 'read_tool' })));
      expect(() => registry.get('read_tool')).to.throw(/Core plugin "core-demo" \(\/core\/read_tool\.js\) returned an invalid tool/);
    });
  });
});
