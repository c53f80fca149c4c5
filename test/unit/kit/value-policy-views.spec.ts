import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { BaseTransactionTool, createAgentKit, type AgentKit } from '../../../src/index.js';
import { MaxRecipientsPolicy, MaxTransferPolicy, RecipientAllowlistPolicy, TimeWindowPolicy, anyOf } from '../../../src/policies/index.js';
import { pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

/** A transaction tool that says nothing about what it moves. */
class OpaqueTool extends BaseTransactionTool {
  parameters = z.object({}).strict();
  name = 'Opaque';
  description = 'Might move value.';
  constructor(readonly method: string) {
    super();
  }
  normalizeParams() {
    return {};
  }
  coreAction() {
    return 'done';
  }
}

class QuietTool extends OpaqueTool {
  override readonly movesNoValue = true;
}

class ViewedTool extends OpaqueTool {
  override movements() {
    return [];
  }
}

describe('value policies at kit start', () => {
  let client: Client;
  const kits: AgentKit[] = [];
  beforeEach(() => (client = offlineClient()));
  afterEach(async () => {
    await Promise.all(kits.splice(0).map((kit) => kit.close()));
    client.close();
  });
  async function start(tools: OpaqueTool[], hooks: unknown[]): Promise<Error | undefined> {
    try {
      kits.push(await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', ...tools)], context: { hooks } }));
      return undefined;
    } catch (error) {
      return error as Error;
    }
  }

  describe('when a value policy covers a transaction tool without a movements view', () => {
    it('refuses to start, naming the policy and the tool, whether by "*" or by name', async () => {
      for (const policy of [new MaxTransferPolicy({ hbar: 1 }), new RecipientAllowlistPolicy(['0.0.5'], { tools: ['opaque_tool'] })]) {
        const error = await start([new OpaqueTool('opaque_tool'), new QuietTool('quiet_tool')], [policy]);
        expect((error as { code?: string } | undefined)?.code, policy.name).to.equal('E_INVALID_LISTENER');
        expect(error!.message).to.contain(`Policy "${policy.name}"`).and.to.contain('"opaque_tool" is a transaction tool with no movements view').and.not.to.contain('quiet_tool');
      }
    });

    it('refuses a composition that holds a value policy too', async () => {
      const error = await start([new OpaqueTool('opaque_tool')], [anyOf(new RecipientAllowlistPolicy(['0.0.5']), new MaxTransferPolicy({ hbar: 1 }))]);
      expect(error?.message).to.contain('anyOf(Recipient Allowlist Policy, Max Transfer Policy)').and.to.contain('"opaque_tool"');
    });
  });

  describe('when every covered transaction tool can be seen into', () => {
    it('starts with tools that declare a view or say they move no value, with core tool names, and with tools the policy does not cover', async () => {
      expect(await start([new ViewedTool('viewed_tool'), new QuietTool('quiet_tool'), new OpaqueTool('transfer_hbar_tool')], [new MaxTransferPolicy({ hbar: 1 })])).to.equal(undefined);
      expect(await start([new OpaqueTool('opaque_tool')], [new MaxTransferPolicy({ hbar: 1, tools: ['transfer_hbar_tool'] })])).to.equal(undefined);
    });

    it('leaves policies that do not read movements alone', async () => {
      const window = new TimeWindowPolicy({ timeZone: 'UTC', days: ['mon'], from: '00:00', to: '24:00' });
      expect(await start([new OpaqueTool('opaque_tool')], [new MaxRecipientsPolicy(1, ['opaque_tool'], { opaque_tool: () => 0 }), window])).to.equal(undefined);
    });
  });

  describe('when a value policy is added to a running kit', () => {
    it('refuses it as the start would, naming the tool it cannot see into, and keeps the kit as it was', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new OpaqueTool('opaque_tool'))] });
      kits.push(kit);
      expect(() => kit.use(new MaxTransferPolicy({ hbar: 1 }))).to.throw(/"opaque_tool" is a transaction tool with no movements view/);
      expect((await kit.execute('opaque_tool', {})).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when the core plugins load', () => {
    it('starts with a value policy for every tool: each core transaction tool has a view or moves no value', async () => {
      const kit = await createAgentKit({ client, context: { hooks: [new MaxTransferPolicy({ hbar: 1 })] } });
      kits.push(kit);
      expect(kit.listTools().filter((tool) => tool.toolType === 'transaction').length).to.be.greaterThan(20);
    });
  });
});
