// A child process for the second-process test: a kit whose audit hook holds the journal in
// HOLD_JOURNAL_DIR, as `agent-hooks mcp` would, until its stdin closes.
import 'reflect-metadata';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';

async function main(): Promise<void> {
  const client = offlineClient();
  const hook = new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir: process.env.HOLD_JOURNAL_DIR!, deliver: false });
  const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('p', new EchoTool())], context: { hooks: [hook] } });
  process.stdout.write('ready\n');
  process.stdin.resume();
  process.stdin.on('end', () => void kit.close().then(() => client.close()));
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
