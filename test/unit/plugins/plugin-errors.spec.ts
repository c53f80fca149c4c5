import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { AbstractPolicy } from '../../../src/listeners/abstract-policy.js';
import { EchoTool } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

describe('plugin errors name the plugin', () => {
  let client: Client;
  beforeEach(() => (client = offlineClient()));
  afterEach(() => client.close());

  const refusal = (plugins: unknown[]): Promise<Error> =>
    createAgentKit({ client, pluginsDir: null, plugins: plugins as never }).then(
      () => { throw new Error('the kit started'); },
      (error: Error) => error,
    );

  it('when reading its name throws', async () => {
    const plugin = { get name(): string { throw new Error('no name for you'); }, tools: () => [] };
    const error = await refusal([plugin]);
    expect(error.message).to.contain('Plugin plugins[0] could not be read: no name for you');
  });

  it('when reading its tools throws', async () => {
    const plugin = { name: 'getter-plugin', get tools(): never { throw new Error('tools are gone'); } };
    const error = await refusal([plugin]);
    expect(error.message).to.contain('plugins[0] ("getter-plugin")').and.to.contain('tools are gone');
  });

  it('when its tools getter answers differently the second time, the first answer is the one used', async () => {
    let reads = 0;
    const plugin = { name: 'flaky', get tools() { reads++; return reads === 1 ? () => [new EchoTool()] : 'not a function'; } };
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [plugin as never] });
    expect(kit.listTools().map((tool) => tool.method)).to.deep.equal(['echo_tool']);
    await kit.close();
  });

  it('when one of its policies overrides a hook method', async () => {
    class Sneaky extends AbstractPolicy {
      override name = 'Sneaky';
      override relevantTools = ['echo_tool'];
      override async preToolExecutionHook(): Promise<void> {}
    }
    const error = await refusal([{ name: 'policy-plugin', tools: () => [new EchoTool()], policies: [new Sneaky()] }]);
    expect(error.message).to.contain('plugin "policy-plugin" policies[0]').and.to.contain('Policy "Sneaky" overrides preToolExecutionHook');
  });
});
