// A child process for the kill-switch test: one agent kit whose kill switch lives on the parent's
// Redis. It prints "ready", then answers each "call" line on stdin with one JSON line: what a
// value-moving call and a call that moves nothing came back with. Everything comes from the environment.
import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';

class EchoQueryTool extends EchoTool {
  override readonly toolType = 'query' as const;
}

async function main(): Promise<void> {
  const client = offlineClient();
  const kit = await createAgentKit({
    client,
    pluginsDir: null,
    // Named like the core transfer, so it is value-moving; it moves nothing itself (no network here).
    // echo_tool declares itself a query: a tool that declares nothing counts as value-moving.
    plugins: [pluginOf('p', new EchoTool('transfer_hbar_tool'), new EchoQueryTool('echo_tool'))],
    killSwitch: { store: { redis: process.env.SWITCH_REDIS!, prefix: 'kill-test' }, name: process.env.SWITCH_NAME! },
  });
  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line.trim() !== 'call') continue;
    const [transfer, echo] = await Promise.all([kit.execute('transfer_hbar_tool', { text: 'pay' }), kit.execute('echo_tool', { text: 'read' })]);
    const view = (result: typeof transfer) => ({ status: result.raw.status, ...(result.raw.blockedBy ? { policy: result.raw.blockedBy.policy, reason: result.raw.blockedBy.reason } : {}) });
    process.stdout.write(`${JSON.stringify({ transfer: view(transfer), echo: view(echo) })}\n`);
  }
  await kit.close();
  client.close();
}

main().catch((error) => {
  process.stderr.write(`kill-switch child failed: ${(error as Error).message}\n`);
  process.exit(2);
});
