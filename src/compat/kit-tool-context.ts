import type { Context } from '../lifecycle/context.js';

const toolContexts = new WeakMap<Context, Context>();

/**
 * The context a tool written for the Hedera Agent Kit is given: the kit's, without `hooks` (this
 * kit runs them; a tool that ran them itself would run every check twice).
 */
export function kitToolContext(context: Context): Context {
  let toolContext = toolContexts.get(context);
  if (!toolContext) {
    const { hooks: _runByTheKit, ...rest } = context;
    toolContext = rest;
    toolContexts.set(context, toolContext);
  }
  return toolContext;
}
