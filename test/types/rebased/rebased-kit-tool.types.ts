// Compile-time check that a tool written the Hedera Agent Kit's way compiles unchanged when it is
// re-based on this package's BaseTool: only the import of the base class changes. Its parameters
// are the kit's zod 3 schemas, its context is the kit's Context, its secondaryAction returns what
// the kit's handleTransaction returns, and its handleError extends the base's default. Compiled with
// --strict alone (see tsconfig.json here): the kit's sources carry no `override` modifiers.
import type { Client, Transaction } from '@hiero-ledger/sdk';
import {
  HederaBuilder,
  HederaParameterNormaliser,
  handleTransaction,
  transactionToolOutputParser,
  transferHbarParameters,
  untypedQueryOutputParser,
  type Context,
  type RawTransactionResponse,
} from '@hashgraph/hedera-agent-kit';
import { BaseQueryTool, BaseTool, BaseTransactionTool } from '../../../src/index.js';

// Spelled through the normaliser: the kit's zod 3 is its own nested copy, which a test cannot import by name.
type TransferInput = Parameters<typeof HederaParameterNormaliser.normaliseTransferHbar>[0];
type TransferNormalised = Awaited<ReturnType<typeof HederaParameterNormaliser.normaliseTransferHbar>>;

const describeTransfer = (response: RawTransactionResponse): string => `HBAR moved in ${response.transactionId}.`;

export class RebasedTransferTool extends BaseTransactionTool {
  method = 'rebased_transfer_hbar_tool';
  name = 'Rebased transfer';
  description: string;
  parameters: ReturnType<typeof transferHbarParameters>;
  outputParser = transactionToolOutputParser;

  constructor(context: Context) {
    super();
    this.description = 'Moves HBAR, written as the Hedera Agent Kit writes its tools.';
    this.parameters = transferHbarParameters(context);
  }

  async normalizeParams(params: TransferInput, context: Context, client: Client): Promise<TransferNormalised> {
    return HederaParameterNormaliser.normaliseTransferHbar(params, context, client);
  }

  async coreAction(normalisedParams: TransferNormalised): Promise<Transaction> {
    return HederaBuilder.transferHbar(normalisedParams);
  }

  async shouldSecondaryAction(_coreActionResult: Transaction, context: Context): Promise<boolean> {
    return context.mode !== 'returnBytes';
  }

  async secondaryAction(transaction: Transaction, client: Client, context: Context) {
    return await handleTransaction(transaction, client, context, describeTransfer);
  }

  async handleError(error: unknown, context: Context): Promise<any> {
    const result = await super.handleError(error, context);
    result.humanMessage = `${result.humanMessage} Check the balances first.`;
    return result;
  }
}

/** A query in the kit's style: a zod 3 schema typed by inference, a `{ raw, humanMessage }` core result. */
export class RebasedEchoTool extends BaseQueryTool {
  method = 'rebased_echo_tool';
  name = 'Rebased echo';
  description = 'Echoes a number.';
  parameters = transferHbarParameters().pick({ transactionMemo: true });
  outputParser = untypedQueryOutputParser;

  async normalizeParams(params: { transactionMemo?: string }, _context: Context, _client: Client) {
    return params;
  }

  async coreAction(params: { transactionMemo?: string }, _context: Context, _client: Client) {
    return { raw: { memo: params.transactionMemo ?? '' }, humanMessage: `echo ${params.transactionMemo ?? ''}` };
  }

  async shouldSecondaryAction(): Promise<boolean> {
    return false;
  }

  async secondaryAction(request: unknown, _client: Client, _context: Context) {
    return request;
  }
}

/** A plain BaseTool whose default handleError is public, as the kit's is. */
export async function theDefaultHandleError(tool: BaseTool, context: Context): Promise<string> {
  const result = await tool.handleError(new Error('boom'), context);
  return result.humanMessage;
}

/** The schema type is not `any`: something without safeParse is still refused. */
export class NotASchemaTool extends BaseTool {
  method = 'not_a_schema_tool';
  name = 'Not a schema';
  description = 'Has no schema.';
  // @ts-expect-error parameters must be a schema with safeParse (zod 4 or zod 3)
  parameters = { parse: (input: unknown) => input };

  async normalizeParams(params: unknown) {
    return params;
  }

  async coreAction(params: unknown) {
    return params;
  }
}
