import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { container } from 'tsyringe';
import type { Client } from '@hiero-ledger/sdk';
import { CORE_MANIFEST } from '../../../plugins/_core-manifest.js';
import { assembleKit } from '../../../src/kit/assemble-kit.js';
import { AgentMode, createAgentKit, type AgentKit } from '../../../src/index.js';
import { silentLogger } from '../../../src/lifecycle/logger.js';
import { AgentHooksError, ErrorCode } from '../../../src/errors/index.js';
import { RejectToolPolicy } from '../../../src/policies/index.js';
import { offlineClient } from '../../support/offline-client.js';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');
const DIST = path.join(ROOT, 'dist');
const CORE_METHODS = CORE_MANIFEST.flatMap((plugin) => plugin.tools.map((tool) => tool.method));
const TRANSFER = { transfers: [{ accountId: '0.0.1001', amount: 1 }] };

/** Runs `source` in a fresh node process from the repository root and returns the JSON it prints. */
async function inFreshProcess(source: string, flags: string[] = []): Promise<any> {
  const { stdout } = await run(process.execPath, [...flags, '-e', source], { cwd: ROOT, timeout: 60_000 });
  return JSON.parse(stdout);
}

describe('core tools at kit start', () => {
  let client: Client;
  const kits: AgentKit[] = [];
  beforeEach(() => {
    client = offlineClient();
  });
  afterEach(async () => {
    await Promise.all(kits.splice(0).map((kit) => kit.close()));
    client.close();
  });
  async function make(options: Partial<Parameters<typeof createAgentKit>[0]> = {}): Promise<AgentKit> {
    const kit = await createAgentKit({ client, ...options });
    kits.push(kit);
    return kit;
  }

  describe('when a fresh process creates a kit with the core plugins', function () {
    this.timeout(60_000);

    it('imports no core tool module until a call needs one, then that tool\'s alone; listing the tools imports them all', async () => {
      const modules = CORE_MANIFEST.flatMap((plugin) => plugin.tools.map((tool) => path.join(DIST, 'plugins', tool.module)));
      const report = await inFreshProcess(`
        const { createAgentKit } = require(${JSON.stringify(path.join(DIST, 'src/index.js'))});
        const { Client, PrivateKey } = require('@hiero-ledger/sdk');
        const modules = ${JSON.stringify(modules)};
        const imported = () => modules.filter((file) => require.cache[file]).map((file) => file.slice(file.lastIndexOf('/') + 1));
        const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', PrivateKey.generateED25519());
        (async () => {
          const kit = await createAgentKit({ client, context: { mode: 'returnBytes', accountId: '0.0.2' } });
          const atStart = imported();
          const status = (await kit.execute('transfer_hbar_tool', ${JSON.stringify(TRANSFER)})).raw.status;
          const afterCall = imported();
          const listed = kit.listTools().length;
          process.stdout.write(JSON.stringify({ atStart, status, afterCall, listed, afterList: imported().length }));
          client.close();
        })();
      `);
      expect(report).to.deep.equal({ atStart: [], status: 'SUCCESS', afterCall: ['transfer-hbar-tool.js'], listed: CORE_METHODS.length, afterList: modules.length });
    });

    it('runs the ES-module build\'s core tools where require(esm) is switched off, importing them at start instead', async () => {
      const report = await inFreshProcess(
        `
        const { createAgentKit } = await import(${JSON.stringify(path.join(DIST, 'esm/src/index.js'))});
        const { Client, PrivateKey } = await import('@hiero-ledger/sdk');
        const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', PrivateKey.generateED25519());
        const kit = await createAgentKit({ client, context: { mode: 'returnBytes', accountId: '0.0.2' } });
        const result = await kit.execute('transfer_hbar_tool', ${JSON.stringify(TRANSFER)});
        process.stdout.write(JSON.stringify({ status: result.raw.status, listed: kit.listTools().length }));
        client.close();
      `,
        ['--no-experimental-require-module', '--input-type=module'],
      );
      expect(report).to.deep.equal({ status: 'SUCCESS', listed: CORE_METHODS.length });
    });
  });

  describe('when the app uses the ES-module build', () => {
    it('lists every core tool with its schema and runs one, loading the ES-module tools', async () => {
      const esm = (await import(path.join(DIST, 'esm/src/index.js'))) as typeof import('../../../src/index.js');
      // import() takes the SDK's ES-module build, as an ES-module app's own import does.
      const sdk = await import('@hiero-ledger/sdk');
      const esmClient = sdk.Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', sdk.PrivateKey.generateED25519());
      try {
        const kit = await esm.createAgentKit({ client: esmClient, context: { mode: esm.AgentMode.RETURN_BYTES, accountId: '0.0.2' } });
        const result = await kit.execute('transfer_hbar_tool', TRANSFER);
        expect(result.raw.status, result.raw.error).to.equal('SUCCESS');
        const listed = kit.listTools();
        expect(listed.map((tool) => tool.method)).to.deep.equal(CORE_METHODS);
        expect(listed.every((tool) => typeof tool.parameters.safeParse === 'function')).to.equal(true);
        await kit.close();
      } finally {
        esmClient.close();
      }
    });
  });

  describe('when policies and options name core tools', () => {
    it('checks a policy\'s tool names against the core tools at start', async () => {
      const error = await make({ context: { hooks: [new RejectToolPolicy(['delete_acount_tool'])] } }).then(() => undefined, (thrown: Error) => thrown);
      expect(error?.message).to.contain('did you mean "delete_account_tool"');
    });

    it('keeps only the tools asked for, in the core plugins\' order, and refuses an unknown one', async () => {
      const kit = await make({ tools: ['get_hbar_balance_query_tool', 'transfer_hbar_tool'] });
      expect(kit.listTools().map((tool) => [tool.method, tool.plugin])).to.deep.equal([
        ['transfer_hbar_tool', 'core-account'],
        ['get_hbar_balance_query_tool', 'core-queries'],
      ]);
      const error = await make({ tools: ['transfer_hbar_tol'] }).then(() => undefined, (thrown: Error & { code?: string }) => thrown);
      expect(error?.code).to.equal('E_UNKNOWN_TOOL');
    });

    it('refuses a pluginsDir that is neither a folder path nor null', async () => {
      const error = await make({ pluginsDir: 42 as never }).then(() => undefined, (thrown: Error) => thrown);
      expect(error?.message).to.contain("'pluginsDir' must be a folder path, or null");
    });
  });

  describe('when a core tool cannot be built on its first call', () => {
    it('answers that call with an E_PLUGIN_LOAD result naming the plugin, nothing sent, and logs it', async () => {
      const logged: { fields: Record<string, unknown>; message: string }[] = [];
      const logger = { ...silentLogger, error: (fields: Record<string, unknown>, message: string) => void logged.push({ fields, message }) };
      const kit = assembleKit({
        client,
        context: { mode: AgentMode.AUTONOMOUS },
        parentContainer: container,
        tools: [],
        deferredTools: [
          {
            method: 'broken_tool',
            plugin: 'core-demo',
            toolType: 'query',
            movesNoValue: false,
            source: '/core/broken-tool.js',
            build: () => {
              throw new AgentHooksError(ErrorCode.PLUGIN_LOAD, 'Core plugin "core-demo" could not load tool "broken_tool" from /core/broken-tool.js: gone');
            },
          },
        ],
        listeners: [],
        policyTimeoutMs: 1_000,
        logger,
      });
      kits.push(kit);
      const result = await kit.execute('broken_tool', {});
      expect(result.raw).to.include({ status: 'ERROR', errorCode: 'E_PLUGIN_LOAD' });
      expect(result.raw.error).to.contain('Core plugin "core-demo"');
      expect(result.humanMessage).to.contain('Nothing was submitted');
      expect(logged).to.have.length(1);
      expect(logged[0]!.fields).to.include({ tool: 'broken_tool', code: 'E_PLUGIN_LOAD' });
    });
  });
});
