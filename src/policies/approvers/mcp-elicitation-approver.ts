import { messageOf } from '../../errors/index.js';
import { oneLine, type ApprovalAnswer, type ApprovalRequest, type Approver } from './approver.js';
import { currentMcpCall, type McpCall } from './mcp-call-scope.js';

const WHO = 'the user of the MCP client';

/** The form the client shows: one box to tick, unticked unless the user ticks it. */
const REQUESTED_SCHEMA = {
  type: 'object' as const,
  properties: {
    approve: { type: 'boolean' as const, title: 'Approve this call', description: 'Tick to let the call run; leave unticked or decline to refuse it.', default: false },
  },
  required: ['approve'],
};

/**
 * Asks the user through the MCP client that made the call, with an `elicitation/create` request
 * (MCP's elicitation, form mode): the client shows what the call does and a box to tick. Only
 * "accept" with the box ticked approves; declining, dismissing, or accepting unticked refuses.
 *
 * The client asked is the one whose `tools/call` is running: `createMcpServer` (and so
 * `agent-hooks mcp`) runs each call inside its request, and this approver reads it from there. A
 * call that did not come through such a server, or a client that did not declare the `elicitation`
 * capability (with form support), cannot be asked and is refused, saying why. A client that cancels
 * its call cancels the question too.
 *
 * @example
 * // agent-hooks.config.json: { "policy": "ApprovalPolicy", "args": [{ "when": { "hbarAbove": 100 }, "approver": "mcp" }] }
 * new ApprovalPolicy({ when: { hbarAbove: 100 }, approver: mcpElicitationApprover(), timeoutMs: 120_000 });
 */
export function mcpElicitationApprover(): Approver {
  return {
    name: WHO,
    async approve(request, signal) {
      const call = currentMcpCall();
      if (!call) {
        return { approved: false, reason: `no MCP client to ask: the call did not come through an MCP server (agent-hooks mcp or createMcpServer)` };
      }
      const refusal = unsupported(call);
      if (refusal) return refusal;
      try {
        const result = await call.server.elicitInput(
          { mode: 'form', message: messageFor(request), requestedSchema: REQUESTED_SCHEMA },
          // The policy's clock decides (it aborts `signal`); the SDK's own timeout only backs it up.
          { signal: AbortSignal.any([signal, call.signal]), relatedRequestId: call.requestId, timeout: request.timeoutMs + 1_000 },
        );
        return answerOf(result);
      } catch (error) {
        if (call.signal.aborted) return { approved: false, reason: 'the MCP client cancelled the call while its approval was asked' };
        if (signal.aborted) return { approved: false, reason: `${WHO} did not answer in time` };
        throw new Error(`the MCP client's elicitation failed: ${messageOf(error)}`);
      }
    },
  };
}

function unsupported(call: McpCall): ApprovalAnswer | undefined {
  const elicitation = call.server.getClientCapabilities()?.elicitation;
  if (elicitation?.form) return undefined;
  const client = clientName(call);
  return {
    approved: false,
    reason: elicitation
      ? `the MCP client ${client} cannot be asked for approval: it supports only URL-mode elicitation, not the form this question needs`
      : `the MCP client ${client} cannot be asked for approval: it does not support elicitation (no "elicitation" capability declared)`,
  };
}

function clientName(call: McpCall): string {
  const name = call.server.getClientVersion()?.name;
  return typeof name === 'string' && name ? `"${oneLine(name, 60)}"` : '(unnamed)';
}

function messageFor(request: ApprovalRequest): string {
  const seconds = Math.ceil(request.timeoutMs / 1000);
  return [
    `${request.policy}: the agent wants to run ${request.summary}`,
    `Why this needs approval: ${request.why}.`,
    `Tick "Approve this call" and accept to let it run. Without an answer within ${seconds} s it is refused.`,
  ].join('\n');
}

function answerOf(result: { action: string; content?: Record<string, unknown> }): ApprovalAnswer {
  if (result.action === 'accept') {
    return result.content?.approve === true ? true : { approved: false, reason: `${WHO} accepted the form without ticking "Approve this call"` };
  }
  if (result.action === 'decline') return { approved: false, reason: `${WHO} declined` };
  return { approved: false, reason: `${WHO} dismissed the question without answering` };
}
