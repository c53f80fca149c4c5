import { createAgentKit } from '../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../src/kit/agent-kit.js';
import { RejectToolPolicy } from '../../src/policies/reject-tool-policy.js';
import { EchoTool, pluginOf } from './noop-tools.js';
import { offlineClient } from './offline-client.js';

/**
 * An offline kit for the adapter tests: `echo_tool` runs, `forbidden_tool` is blocked by a
 * RejectToolPolicy. Close both the kit and its client after each test.
 */
export function echoKit(): Promise<AgentKit> {
  return createAgentKit({
    client: offlineClient(),
    pluginsDir: null,
    plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'), new EchoTool('forbidden_tool'))],
    hooks: [new RejectToolPolicy(['forbidden_tool'])],
  });
}
