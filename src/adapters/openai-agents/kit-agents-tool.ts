import { tool, type FunctionTool, type RunContext } from '@openai/agents';
import type { AgentKit } from '../../kit/agent-kit.js';
import type { ToolDescription } from '../../kit/tool-registry.js';
import type { ToolResult } from '../../lifecycle/tool-result.js';
import { toolInputJsonSchema } from '../mcp/tool-input-schema.js';
import { callOptions, pickCallContext, principalFieldsOf, type CallContextPicker } from '../shared/call-context.js';
import { HeldCalls } from './held-calls.js';
import { plainJsonSchema } from './plain-json-schema.js';

/** A kit tool as the Agents SDK sees it: any context, JSON input, the kit's result as JSON text. */
export type KitAgentsTool = FunctionTool<any, any, string>;

/** How one tool reads its calls and meets the kit's deferred approvals; a toolkit shares one among its tools. */
export interface KitAgentsToolSettings {
  /** Which of `runContext.context` the call carries (default: `userId`, `sessionId`, `tenantId`). */
  callContext?: CallContextPicker;
  /**
   * Whether the kit has an ApprovalPolicy with `wait: 'deferred'`. Then the SDK's approval question
   * runs the call through the kit: a call the policy holds interrupts the run (see kitAgentsTool).
   */
  holdsDeferred?: boolean;
  /**
   * The name an approval given through the run (`state.approve(interruption)`) is recorded under in
   * the kit's approval store, as that approver's decision; the kit still checks it against the
   * policy's quorum. Left out, approving the interruption only resumes the call, which runs once
   * the request is approved in the store (the console, `agent-hooks approve`).
   */
  approver?: string;
  /** The calls between the SDK's approval question and its run (one per toolkit). */
  held?: HeldCalls;
}

const RESULT_STATUS_HELD = 'PENDING_APPROVAL';

/**
 * One kit tool as an OpenAI Agents SDK function tool. Its `execute` runs `kit.execute`, so every hook
 * and policy applies, and answers with the kit's result as JSON (`{ raw, humanMessage }`, redacted),
 * which the model reads: a block is such a result too, naming the policy and saying whether retrying
 * helps, never an exception that ends the run.
 *
 * The call runs for the application's `runContext.context` (`run(agent, input, { context: { userId } })`),
 * picked by `settings.callContext`, never for anything in the model's arguments; the model's call ID
 * names it on the audit entry and the span.
 *
 * When the kit has a deferred ApprovalPolicy, the SDK's approval question (`needsApproval`) is
 * answered by running the call through the kit: a call the policy holds (`PENDING_APPROVAL`, nothing
 * sent) interrupts the run with the SDK's own approval item; any other call has run already, and
 * `execute` hands the SDK its result. Approving the interruption and resuming the run resumes the
 * kit's request (`kit.resume`), which sends only once the request is approved for the kit's quorum;
 * rejecting it sends nothing, and the kit's request stays pending until it expires or is denied.
 *
 * @example
 * const transfer = kitAgentsTool(kit, kit.listTools().find((t) => t.method === 'transfer_hbar_tool')!);
 * const agent = new Agent({ name: 'payer', tools: [transfer] });
 * await run(agent, 'Send 1 HBAR to 0.0.98', { context: { userId: 'alice' } });
 */
export function kitAgentsTool(kit: AgentKit, description: ToolDescription, settings: KitAgentsToolSettings = {}): KitAgentsTool {
  const method = description.method;
  const picker = settings.callContext ?? principalFieldsOf;
  const held = settings.held ?? new HeldCalls();
  const render = (result: ToolResult): string => kit.redactor.toJson(result);
  const runThroughKit = (input: unknown, runContext: RunContext<unknown> | undefined, callId: string | undefined): Promise<ToolResult> =>
    kit.execute(method, input, callOptions(pickCallContext(picker, runContext?.context), callId));

  return tool({
    name: method,
    description: description.description,
    parameters: plainJsonSchema(toolInputJsonSchema(description.parameters, method)),
    // The kit parses the input, so invalid input reaches the lifecycle and the model reads which field was wrong.
    strict: false,
    needsApproval: async (runContext, input, callId) => {
      if (!settings.holdsDeferred || !callId) return false;
      if (held.requestOf(callId) !== undefined) return true;
      const result = await runThroughKit(input, runContext, callId);
      const requestId = result.raw.status === RESULT_STATUS_HELD ? result.raw.approvalRequestId : undefined;
      if (typeof requestId === 'string' && requestId) {
        held.hold(callId, requestId);
        return true;
      }
      held.settle(callId, result);
      return false;
    },
    execute: async (input, runContext, details) => {
      const callId = details?.toolCall?.callId;
      const settled = callId === undefined ? undefined : held.takeSettled(callId);
      if (settled) return render(settled);
      const requestId = callId === undefined ? undefined : held.requestOf(callId);
      if (requestId === undefined) return render(await runThroughKit(input, runContext, callId));
      // The run reached here because its interruption was approved. The kit resumes the request as
      // the principal it was asked for (its session included), whatever this run's context says.
      held.release(callId!);
      if (settings.approver) await recordApproval(kit, requestId, settings.approver);
      return render(await kit.resume(requestId));
    },
  });
}

/** Records the run's approval in the store holding the request; the kit verifies it against its own quorum on resume. */
async function recordApproval(kit: AgentKit, requestId: string, approver: string): Promise<void> {
  for (const store of kit.approvalStores()) {
    if (!(await store.get(requestId))) continue;
    // A decision the store refuses (the request expired, or was decided already) leaves resume to say why.
    await store.decide(requestId, { approver, approve: true, via: 'openai-agents' });
    return;
  }
}
