import { AccountId, type Client } from '@hiero-ledger/sdk';
import type { Context } from '../lifecycle/context.js';
import { toAccountId } from './entity-id-schemas.js';
import { paramIssue } from './param-issue.js';

/**
 * The account a tool acts for when the input names none: `context.accountId` (the agent's account,
 * also the RETURN_BYTES payer), else the client's operator. Fails closed when neither is known.
 *
 * @example
 * const sender = resolveAccount(params.sourceAccountId, context, client, 'sourceAccountId');
 */
export function resolveAccount(explicit: string | undefined, context: Context, client: Client, field: string, tool?: string): AccountId {
  if (explicit !== undefined) return toAccountId(explicit, field, tool);
  if (context.accountId) return toAccountId(context.accountId, 'context.accountId', tool);
  const operator = client.operatorAccountId;
  if (operator) return AccountId.fromString(operator.toString());
  throw paramIssue(field, 'no account given, and neither context.accountId nor a client operator is set to default to', tool);
}
