import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import { offlineClient } from '../../support/offline-client.js';

/** A kit on a client that never reaches a network, acting for 0.0.2, with one plugin loaded. */
export async function offlineKit(plugin: Plugin): Promise<{ kit: AgentKit; client: Client; close(): Promise<void> }> {
  const client = offlineClient();
  const kit = await createAgentKit({ client, pluginsDir: null, plugins: [plugin], context: { accountId: '0.0.2' } });
  return { kit, client, close: async () => { await kit.close(); client.close(); } };
}

/** Asserts an invalid-input result and returns its issues joined, for matching. */
export function issuesOf(result: ToolResult): string {
  expect(result.raw.status, result.humanMessage).to.equal('ERROR');
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_INVALID_PARAMS');
  expect(result.humanMessage).to.contain('input is invalid');
  return (result.raw.issues as string[]).join(' | ');
}

/** Input with an own `__proto__` key, as JSON.parse produces it from an LLM's text. */
export function withProtoKey(json: string): unknown {
  return JSON.parse(json);
}
