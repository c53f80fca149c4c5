import type { Context } from '../lifecycle/context.js';
import { AgentHooksError, ErrorCode } from '../errors/index.js';
import { AgentMode } from '../values/agent-mode.js';
import { ExecuteStrategy } from './execute-strategy.js';
import { ReturnBytesStrategy } from './return-bytes-strategy.js';
import type { TransactionStrategy } from '../lifecycle/context.js';
import { isHandleStrategy, strategyFromHandle } from './handle-strategy.js';

const executeStrategy = new ExecuteStrategy();
const returnBytesStrategy = new ReturnBytesStrategy();

/** The strategy `context.mode` selects. Custom modes without `context.strategy` are refused. */
export function strategyForMode(context: Context): TransactionStrategy {
  const mode = context.mode ?? AgentMode.AUTONOMOUS;
  switch (mode) {
    case AgentMode.AUTONOMOUS:
      return executeStrategy;
    case AgentMode.RETURN_BYTES:
      return returnBytesStrategy;
    case AgentMode.CUSTOM_EXECUTE_TX:
    case AgentMode.CUSTOM_RETURN_BYTES:
      if (context.strategy && typeof context.strategy.finish === 'function' && typeof context.strategy.prepare === 'function') return context.strategy;
      if (isHandleStrategy(context.transactionStrategy)) return strategyFromHandle(context.transactionStrategy);
      throw new AgentHooksError(
        ErrorCode.MODE,
        `Mode ${mode} needs context.strategy (an object with prepare(tx, client, context) and finish(tx, client, context)) or, as in the Hedera Agent Kit, context.transactionStrategy (an object with handle(tx, client, context)).`,
      );
    default:
      throw new AgentHooksError(ErrorCode.MODE, `Unknown mode "${String(mode)}"; expected one of ${Object.values(AgentMode).join(', ')}.`);
  }
}
