import type { Client } from '@hiero-ledger/sdk';
import type { Context } from '../lifecycle/context.js';
import { AgentHooksError, ErrorCode } from '../errors/index.js';
import { mirrornodeServiceFor } from './kit-mirrornode-service.js';

const toolContexts = new WeakMap<Context, Context>();

/**
 * The context a tool written for the Hedera Agent Kit is given: the kit's, without `hooks` (this
 * kit runs them; a tool that ran them itself would run every check twice), and with a
 * `mirrornodeService` on the kit's `mirrorNodeUrl` unless the user brought one. Without either, its
 * tools pick a public mirror node by the client's ledger ID; a client with none (a local network)
 * gets a service that says what to configure instead of crashing on the missing ID.
 */
export function kitToolContext(context: Context, client?: Client): Context {
  let toolContext = toolContexts.get(context);
  if (!toolContext) {
    const { hooks: _runByTheKit, ...rest } = context;
    toolContext = rest;
    if (!rest.mirrornodeService) {
      if (typeof rest.mirrorNodeUrl === 'string' && rest.mirrorNodeUrl) toolContext.mirrornodeService = mirrornodeServiceFor(rest.mirrorNodeUrl);
      else if (client && !client.ledgerId) toolContext.mirrornodeService = unconfiguredMirrorService();
    }
    toolContexts.set(context, toolContext);
  }
  return toolContext;
}

function unconfiguredMirrorService(): object {
  const refuse = (): never => {
    throw new AgentHooksError(
      ErrorCode.MIRROR_NOT_CONFIGURED,
      'This tool reads the mirror node, but the kit has no mirrorNodeUrl and its client no ledger ID to pick a public one: pass mirrorNodeUrl to createAgentKit (or context.mirrornodeService).',
    );
  };
  return new Proxy({}, { get: (_target, property) => (property === 'then' ? undefined : refuse) });
}
