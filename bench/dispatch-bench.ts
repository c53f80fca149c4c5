import { Client, PrivateKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { AbstractHook, BaseTool, createAgentKit, type Context } from '../src/index.js';
import { freezePlainData } from '../src/lifecycle/approval/index.js';
import { nextCallId } from '../src/lifecycle/call-ids.js';
import { copyRawParams } from '../src/lifecycle/raw-params.js';
import { refuseOwnKeyMaterial } from '../src/secrets/input-screen.js';
import { consume } from './consume.js';
import { realKitRunner } from './real-kit-contender.js';
import { interleavedMedians } from './timing.js';

/** (registered hooks, of which relevant to the called tool), as the issue asks. */
export const DISPATCH_CASES: readonly [registered: number, relevant: number][] = [
  [0, 0],
  [4, 4],
  [10, 1],
  [100, 1],
  [1000, 1],
];

export interface DispatchResult {
  case: 'dispatch';
  registered: number;
  relevant: number;
  ns_per_call: number;
  floor_ns_per_call: number;
  /** The same tool and hooks on the real Hedera Agent Kit (its BaseTool.execute), same run. */
  real_kit_ns_per_call: number;
  /**
   * The floor plus the guard work the kit does on every call whatever its listeners: copy and
   * screen the input, redact the result; and for a watched call a call ID and the freezing of the
   * params and of each stage's event. What the kit costs beyond this is its dispatch proper.
   */
  guarded_floor_ns_per_call: number;
}

export { consume };

/** The no-op tool's name, shared with the ten-policy case. */
export const NOOP_METHOD = 'noop_tool';
const METHOD = NOOP_METHOD;

export class NoopTool extends BaseTool<Record<string, never>, Record<string, never>, number> {
  method = METHOD;
  name = 'No-op';
  description = 'Does nothing; measures the lifecycle around it.';
  parameters = z.object({}).strict() as z.ZodType<Record<string, never>>;
  normalizeParams(params: Record<string, never>) {
    return params;
  }
  coreAction() {
    return 1;
  }
}

/** A hook on all four stages that does nothing. */
export class NoopHook extends AbstractHook {
  constructor(tool: string) {
    super();
    this.relevantTools = [tool];
  }
  override async preToolExecutionHook() {}
  override async postParamsNormalizationHook() {}
  override async postCoreActionHook() {}
  override async postToolExecutionHook() {}
}

/**
 * Lifecycle dispatch cost per call for a no-op tool, next to a floor measured in the same run: the
 * same tool steps and the same relevant hooks called directly in a plain loop. The two are timed
 * in alternating rounds and the median round of each is reported, so drift hits both alike (CPU
 * time: see bench/timing.ts).
 */
export async function benchDispatch(registered: number, relevant: number, callsPerRound = 10_000, rounds = 20): Promise<DispatchResult> {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', PrivateKey.generateED25519());
  const hooks = Array.from({ length: registered }, (_, i) => new NoopHook(i < relevant ? METHOD : `other_tool_${i}`));
  const relevantHooks = hooks.slice(0, relevant);
  const tool = new NoopTool();
  const context: Context = {};
  const kit = await createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'bench', tools: () => [tool] }], hooks, context });

  // Every loop reads its result as a caller does (status and sentence), so none is work thrown away.
  const viaKit = async () => {
    for (let i = 0; i < callsPerRound; i++) consume(await kit.execute(METHOD, {}));
  };
  const floor = async () => {
    for (let i = 0; i < callsPerRound; i++) {
      const event: Record<string, unknown> = { method: METHOD, context, rawParams: {}, client };
      for (const hook of relevantHooks) await hook.preToolExecutionHook();
      const parsed = tool.parameters.parse(event.rawParams);
      event.normalisedParams = await tool.normalizeParams(parsed);
      for (const hook of relevantHooks) await hook.postParamsNormalizationHook();
      event.coreActionResult = await tool.coreAction();
      for (const hook of relevantHooks) await hook.postCoreActionHook();
      const toolResult = (event.toolResult = tool.formatResult(1, event.normalisedParams as Record<string, never>));
      for (const hook of relevantHooks) await hook.postToolExecutionHook();
      consume(toolResult);
    }
  };

  const redactor = kit.redactor;
  const watched = relevant > 0;
  const guardedFloor = async () => {
    for (let i = 0; i < callsPerRound; i++) {
      const rawParams = copyRawParams(METHOD, {});
      const event: Record<string, unknown> = { method: METHOD, callId: watched ? nextCallId() : '', context, rawParams, client };
      for (const hook of relevantHooks) await hook.preToolExecutionHook();
      if (watched) {
        freezePlainData(rawParams);
        Object.freeze(event);
      }
      refuseOwnKeyMaterial(METHOD, rawParams, redactor);
      const parsed = tool.parameters.parse(rawParams);
      const normalised = await tool.normalizeParams(parsed);
      const normalisedParams = watched ? freezePlainData(normalised) : normalised;
      if (watched) Object.freeze({ ...event, normalisedParams });
      for (const hook of relevantHooks) await hook.postParamsNormalizationHook();
      const coreActionResult = await tool.coreAction();
      if (watched) Object.freeze({ ...event, normalisedParams, coreActionResult });
      for (const hook of relevantHooks) await hook.postCoreActionHook();
      const toolResult = tool.formatResult(1, normalisedParams as Record<string, never>);
      if (watched) Object.freeze({ ...event, normalisedParams, coreActionResult, toolResult });
      for (const hook of relevantHooks) await hook.postToolExecutionHook();
      consume(redactor.redactValue(toolResult));
    }
  };

  const realKit = realKitRunner(client, METHOD, registered, relevant);
  const viaRealKit = () => realKit(callsPerRound);

  const [kitNs, floorNs, realKitNs, guardedNs] = (await interleavedMedians([viaKit, floor, viaRealKit, guardedFloor], callsPerRound, rounds)) as [number, number, number, number];
  await kit.close();
  client.close();
  return {
    case: 'dispatch',
    registered,
    relevant,
    ns_per_call: kitNs,
    floor_ns_per_call: floorNs,
    real_kit_ns_per_call: realKitNs,
    guarded_floor_ns_per_call: guardedNs,
  };
}
