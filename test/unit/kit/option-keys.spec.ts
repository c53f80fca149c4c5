import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { offlineClient } from '../../support/offline-client.js';
import { optionRefusal } from '../../support/option-refusal.js';

describe('createAgentKit and unknown option keys', () => {
  let client: Client;
  beforeEach(() => {
    client = offlineClient();
  });
  afterEach(() => client.close());

  describe('when createAgentKit gets `mode` next to `client` instead of in `context`', () => {
    it('refuses, saying where it belongs, instead of running autonomously', async () => {
      const error = await optionRefusal(createAgentKit({ client, pluginsDir: null, mode: AgentMode.RETURN_BYTES } as never));
      expect(error.message).to.contain('`mode` is not an option of createAgentKit; it belongs in `context.mode`');
    });
  });

  describe('when createAgentKit gets a misspelt option', () => {
    it('names it, the closest option and every accepted one', async () => {
      const error = await optionRefusal(createAgentKit({ client, pluginsDir: null, policyTimeoutMS: 100 } as never));
      expect(error.message).to.contain('`policyTimeoutMS` is not an option of createAgentKit (did you mean `policyTimeoutMs`?)');
      expect(error.message).to.contain('Accepted options: client, context, plugins, pluginsDir, hooks, container, mirrorNodeUrl, tools, unloadedPolicyTools, policyTimeoutMs, drainTimeoutMs, logger, secretKeys, telemetry, killSwitch.');
    });
  });

  describe('when createAgentKit gets policies in `context.policies`', () => {
    it('refuses them, saying they go in context.hooks, instead of never running them', async () => {
      const error = await optionRefusal(createAgentKit({ client, pluginsDir: null, context: { policies: [{}] } } as never));
      expect(error.message).to.contain("'context.policies' must be left out: policies go in `context.hooks`, with the hooks, got an array.");
    });
  });

  describe("when createAgentKit gets the Hedera Agent Kit's `configuration`", () => {
    it('points to agentKitFromConfiguration', async () => {
      const error = await optionRefusal(createAgentKit({ client, configuration: { tools: [] } } as never));
      expect(error.message).to.contain('`configuration` is not an option of createAgentKit; it belongs in `agentKitFromConfiguration({ client, configuration })`');
    });
  });

  describe('when an option is present but undefined', () => {
    it('is let through, as a left-out option', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, ...({ mode: undefined } as object) });
      await kit.close();
    });
  });
});
