import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { createKitFromConfig } from '../../../src/config/create-kit-from-config.js';
import { loadConfig, parseConfig } from '../../../src/config/load-config.js';
import { createKitFromEnv } from '../../../src/config/env-kit.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { offlineClient } from '../../support/offline-client.js';
import { optionRefusal } from '../../support/option-refusal.js';

describe('createKitFromEnv, createKitFromConfig, loadConfig and unknown option keys', () => {
  let client: Client;
  beforeEach(() => {
    client = offlineClient();
  });
  afterEach(() => client.close());

  describe('when createKitFromEnv gets kit options at its top level', () => {
    it('says they belong under `kit`', async () => {
      const error = await optionRefusal(createKitFromEnv({ env: {}, mode: AgentMode.RETURN_BYTES, plugins: [] } as never));
      expect(error.message).to.contain('`mode` is not an option of createKitFromEnv; it belongs in `kit.context.mode`');
      expect(error.message).to.contain('`plugins` is not an option of createKitFromEnv; it belongs in `kit.plugins`');
    });

    it('refuses a `kit.client` it would otherwise replace without a word', async () => {
      const error = await optionRefusal(createKitFromEnv({ env: {}, kit: { client } as never }));
      expect(error.message).to.contain('`client` is not an option of createKitFromEnv; it belongs in `createAgentKit({ client })`');
    });

    it('places a misplaced context field under `kit.context`', async () => {
      const error = await optionRefusal(createKitFromEnv({ env: {}, kit: { pluginsDir: null, accountId: '0.0.5' } as never }));
      expect(error.message).to.contain('`accountId` is not an option of createKitFromEnv; it belongs in `kit.context.accountId`');
    });
  });

  describe('when createKitFromConfig and loadConfig get unknown options', () => {
    it('refuses them with the accepted ones', async () => {
      const loaded = parseConfig({}, '(test)', process.cwd());
      const error = await optionRefusal(createKitFromConfig(loaded, { offlne: true } as never));
      expect(error.message).to.contain('`offlne` is not an option of createKitFromConfig (did you mean `offline`?)');
      const load = await optionRefusal(loadConfig({ file: 'agent-hooks.config.json' } as never));
      expect(load.message).to.contain('`file` is not an option of loadConfig').and.to.contain('Accepted options: path, cwd.');
    });
  });
});
