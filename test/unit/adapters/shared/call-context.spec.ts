import { expect } from 'chai';
import { HederaAIToolkit } from '../../../../src/adapters/ai-sdk/ai-sdk-toolkit.js';
import { HederaLangchainToolkit } from '../../../../src/adapters/langchain/langchain-toolkit.js';
import { HederaAgentsToolkit } from '../../../../src/adapters/openai-agents/agents-toolkit.js';
import { pickCallContext, principalFieldsOf } from '../../../../src/adapters/shared/call-context.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { ContextRecorder } from '../../../support/context-recorder.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';
import { offlineClient } from '../../../support/offline-client.js';

describe("the call's context an adapter hands the kit", () => {
  describe('when read with the default picker', () => {
    it('takes only userId, sessionId and tenantId, as set, and only own properties', () => {
      expect(principalFieldsOf({ userId: 'alice', tenantId: 7, apiKey: 'sk-x', db: {} })).to.deep.equal({ userId: 'alice', tenantId: 7 });
      expect(principalFieldsOf(Object.create({ userId: 'inherited' }))).to.equal(undefined);
      for (const none of [undefined, null, 'alice', 42, {}]) expect(principalFieldsOf(none)).to.equal(undefined);
    });

    it('lays later framework contexts over earlier ones, field by field', () => {
      expect(pickCallContext(principalFieldsOf, { userId: 'a', sessionId: 's' }, { userId: 'b' })).to.deep.equal({ userId: 'b', sessionId: 's' });
      expect(pickCallContext(principalFieldsOf, undefined, null)).to.equal(undefined);
    });
  });

  describe('when a picker returns something that is no context', () => {
    it('refuses it, saying what is accepted', () => {
      expect(() => pickCallContext(() => 'alice' as never, {})).to.throw(/callContext must return an object \(the call's context\) or undefined; got/);
    });
  });

  describe('when a toolkit is given a picker', () => {
    let kit: AgentKit;
    let recorder: ContextRecorder;
    beforeEach(async () => {
      recorder = new ContextRecorder(['region', 'apiKey']);
      kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'))], hooks: [recorder] });
    });
    afterEach(async () => {
      await kit.close();
      kit.client.close();
    });

    it('passes what it picks (LangChain configurable, AI SDK experimental_context), and by default nothing but the principal', async () => {
      const callContext = (ctx: unknown) => ({ ...principalFieldsOf(ctx), region: (ctx as { region?: string }).region });
      const [picked] = new HederaLangchainToolkit(kit, { callContext }).getTools();
      await picked!.invoke({ text: 'a' }, { configurable: { userId: 'alice', region: 'eu', apiKey: 'sk-x' } });
      const [plain] = new HederaLangchainToolkit(kit).getTools();
      await plain!.invoke({ text: 'b' }, { configurable: { userId: 'alice', region: 'eu', apiKey: 'sk-x' } });
      const ai = new HederaAIToolkit(kit, { callContext }).getTools().echo_tool!;
      await ai.execute!({ text: 'c' }, { toolCallId: 'c1', messages: [], experimental_context: { userId: 'bob', region: 'us', apiKey: 'sk-y' } });
      expect(recorder.seen).to.deep.equal([{ userId: 'alice', region: 'eu' }, { userId: 'alice' }, { userId: 'bob', region: 'us' }]);
    });

    it('refuses a picker that is no function when the toolkit is built, naming the toolkit', () => {
      for (const make of [() => new HederaLangchainToolkit(kit, { callContext: 'userId' as never }), () => new HederaAIToolkit(kit, { callContext: 'userId' as never }), () => new HederaAgentsToolkit(kit, { callContext: 'userId' as never })]) {
        expect(make).to.throw(/callContext must be a function \(frameworkContext\) => \(\{ userId, sessionId, tenantId, … \}\); got/);
      }
    });
  });
});
