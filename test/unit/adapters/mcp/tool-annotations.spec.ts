import { expect } from 'chai';
import { toolAnnotations } from '../../../../src/adapters/mcp/tool-annotations.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { offlineClient } from '../../../support/offline-client.js';

describe('toolAnnotations', () => {
  describe("when applied to the core plugins' tools", () => {
    let kit: AgentKit;
    let byName: Map<string, ReturnType<typeof toolAnnotations>>;

    before(async () => {
      kit = await createAgentKit({ client: offlineClient() });
      byName = new Map(kit.listTools().map((tool) => [tool.method, toolAnnotations(tool)]));
    });
    after(async () => {
      await kit.close();
      kit.client.close();
    });

    it('marks every query read-only and open-world, and nothing else read-only', () => {
      const queries = new Set(kit.listTools().filter((tool) => tool.toolType === 'query').map((tool) => tool.method));
      // Not every query's name says so (get_exchange_rate_tool, get_pending_airdrop_tool): the type decides.
      expect(queries).to.include.keys('get_hbar_balance_query_tool', 'get_exchange_rate_tool');
      for (const [method, hints] of byName) {
        const query = queries.has(method);
        expect(hints.readOnlyHint, method).to.equal(query);
        expect(hints.openWorldHint, method).to.equal(true);
      }
    });

    it('marks the tools that delete, dissociate or update destructive, with their titles', () => {
      const destructive = [...byName].filter(([, hints]) => hints.destructiveHint).map(([method]) => method).sort();
      expect(destructive).to.deep.equal([
        'delete_account_tool',
        'delete_hbar_allowance_tool',
        'delete_non_fungible_token_allowance_tool',
        'delete_token_allowance_tool',
        'delete_topic_tool',
        'dissociate_token_tool',
        'schedule_delete_tool',
        'update_account_tool',
        'update_token_tool',
        'update_topic_tool',
      ]);
      expect(byName.get('delete_account_tool')).to.deep.equal({ title: 'Delete account', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    });

    it('marks transfers and creates neither read-only nor destructive, and never idempotent (a repeat pays twice)', () => {
      for (const method of ['transfer_hbar_tool', 'create_account_tool', 'airdrop_fungible_token_tool', 'submit_topic_message_tool']) {
        expect(byName.get(method), method).to.deep.include({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
      }
    });
  });

  describe('when a tool declares no type', () => {
    it('gives only the title, unless a word of its name is destructive', () => {
      expect(toolAnnotations({ method: 'echo_tool', name: 'Echo', toolType: 'other' })).to.deep.equal({ title: 'Echo' });
      expect(toolAnnotations({ method: 'wipe-ledger', name: 'Wipe', toolType: undefined as never })).to.deep.equal({ title: 'Wipe', readOnlyHint: false, destructiveHint: true });
    });
  });

  describe('when a query is named as a destructive one', () => {
    it('is not read-only: a hint that lets a client skip confirmation needs both declarations to agree', () => {
      expect(toolAnnotations({ method: 'delete_records_query_tool', name: 'Odd', toolType: 'query' })).to.deep.include({ readOnlyHint: false, destructiveHint: true });
    });
  });

  describe('when a name only contains a destructive word inside another', () => {
    it('is judged by whole words', () => {
      expect(toolAnnotations({ method: 'get_deleted_accounts_query_tool', name: 'Deleted', toolType: 'query' })).to.deep.include({ readOnlyHint: true });
    });
  });
});
