import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDescription } from '../../kit/tool-registry.js';

/**
 * Words in a tool name that say it removes or overwrites ledger state (a deleted account, a
 * replaced key, burnt supply), which MCP calls destructive, as opposed to additive updates.
 */
const DESTRUCTIVE_WORDS: ReadonlySet<string> = new Set(['delete', 'remove', 'dissociate', 'burn', 'wipe', 'revoke', 'update']);

/**
 * The MCP annotations of one kit tool, from its declared `toolType` and its name:
 *
 * - `query`: `readOnlyHint` (it only reads the ledger or the mirror node).
 * - `transaction`: not read-only and not idempotent (a repeated transfer pays twice);
 *   `destructiveHint` when a word of its name removes or overwrites (`delete_account_tool`,
 *   `update_topic_tool`, `dissociate_token_tool`), otherwise false (creates, transfers, approvals).
 * - both reach the Hedera network: `openWorldHint`.
 * - `other` (or no type): no hints beyond the name's, so clients keep MCP's cautious defaults
 *   (may write, may destroy).
 *
 * A destructive word outranks a `query` type: a hint that lets a client skip a confirmation must
 * not rest on one of two contradicting declarations. Hints never replace policies: the kit's
 * policies still judge every call.
 *
 * @example
 * toolAnnotations({ method: 'delete_account_tool', name: 'Delete account', toolType: 'transaction' })
 * // { title: 'Delete account', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
 */
export function toolAnnotations(tool: Pick<ToolDescription, 'method' | 'name' | 'toolType'>): ToolAnnotations {
  const destructive = tool.method.toLowerCase().split(/[^a-z0-9]+/).some((word) => DESTRUCTIVE_WORDS.has(word));
  const title = { title: tool.name };
  if (tool.toolType === 'query' && !destructive) return { ...title, readOnlyHint: true, openWorldHint: true };
  if (tool.toolType === 'transaction' || tool.toolType === 'query') {
    return { ...title, readOnlyHint: false, destructiveHint: destructive, idempotentHint: false, openWorldHint: true };
  }
  return destructive ? { ...title, readOnlyHint: false, destructiveHint: true } : title;
}
