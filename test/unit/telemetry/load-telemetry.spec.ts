import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { loadTelemetry } from '../../../src/telemetry/load-telemetry.js';
import { telemetrySettings } from '../../../src/telemetry/telemetry-options.js';

const run = promisify(execFile);
const dist = resolve(__dirname, '../../..');

/**
 * A program that makes a kit and calls a tool, then prints which OpenTelemetry modules Node loaded.
 * A child process, so what this test process loaded for other specs does not count.
 */
function program(telemetry: string): string {
  // import() goes through the ESM loader, which require.cache does not see: a resolve hook reports each URL it resolved.
  const hook = `let port; export function initialize(data) { port = data.port; } export async function resolve(specifier, context, next) { const resolved = await next(specifier, context); port.postMessage(resolved.url); return resolved; }`;
  return `
    const { register } = require('node:module');
    const { MessageChannel } = require('node:worker_threads');
    const resolved = [];
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (url) => resolved.push(url));
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}), { data: { port: port2 }, transferList: [port2] });
    const { createAgentKit } = require(${JSON.stringify(`${dist}/src/index.js`)});
    const { EchoTool, pluginOf } = require(${JSON.stringify(`${dist}/test/support/noop-tools.js`)});
    const { offlineClient } = require(${JSON.stringify(`${dist}/test/support/offline-client.js`)});
    (async () => {
      const kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('echo', new EchoTool())]${telemetry} });
      const result = await kit.execute('echo_tool', { text: 'hi' });
      await kit.close();
      await new Promise((resolve) => setTimeout(resolve, 100)); // the hook's messages arrive asynchronously
      port1.close();
      const loaded = [...Object.keys(require.cache), ...resolved].filter((file) => file.includes('@opentelemetry'));
      console.log(JSON.stringify({ status: result.raw.status, loaded: loaded.length }));
    })().catch((error) => { console.error(error); process.exit(1); });`;
}

describe('loading telemetry', () => {
  describe('when a kit does not ask for telemetry', () => {
    it('never requires @opentelemetry/api, though it is installed', async () => {
      const { stdout } = await run(process.execPath, ['-e', program('')]);
      expect(JSON.parse(stdout)).to.deep.equal({ status: 'SUCCESS', loaded: 0 });
    });

    it('loads it when the kit asks (the same program with telemetry: true)', async () => {
      const { stdout } = await run(process.execPath, ['-e', program(', telemetry: true')]);
      const seen = JSON.parse(stdout) as { status: string; loaded: number };
      expect(seen.status).to.equal('SUCCESS');
      expect(seen.loaded).to.be.greaterThan(0);
    });
  });

  describe('when @opentelemetry/api is not installed', () => {
    it('is E_MISSING_PEER naming the package to install', async () => {
      const missing = Object.assign(new Error("Cannot find package '@opentelemetry/api' imported from x"), { code: 'ERR_MODULE_NOT_FOUND' });
      try {
        await loadTelemetry(telemetrySettings(true)!, () => Promise.reject(missing));
        expect.fail('loaded without the API');
      } catch (error) {
        expect((error as { code?: string }).code).to.equal('E_MISSING_PEER');
        expect((error as Error).message).to.include('createAgentKit({ telemetry }) needs @opentelemetry/api').and.include('npm install @opentelemetry/api');
      }
    });
  });
});
