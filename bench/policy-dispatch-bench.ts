import { Client, PrivateKey } from '@hiero-ledger/sdk';
import { AbstractPolicy as KitAbstractPolicy, type Context as KitContext } from '@hashgraph/hedera-agent-kit';
import { AbstractPolicy, Policy, createAgentKit, type Context } from '../src/index.js';
import { freezePlainData } from '../src/lifecycle/approval/index.js';
import { nextCallId } from '../src/lifecycle/call-ids.js';
import { copyRawParams } from '../src/lifecycle/raw-params.js';
import { refuseOwnKeyMaterial } from '../src/secrets/input-screen.js';
import { NOOP_METHOD as METHOD, NoopTool, consume } from './dispatch-bench.js';
import { KitNoopTool } from './real-kit-contender.js';
import { interleavedMedians } from './timing.js';

/*
 * Dispatch with ten policies, all relevant to the called tool, each judging at preToolExecution
 * and allowing. The floor calls the same ten verdict functions directly around the same tool
 * steps; the real Hedera Agent Kit runs ten of its own policies (its AbstractPolicy) with the same
 * verdict around the same no-op tool. Seed-style (AbstractPolicy subclasses) and decorated
 * (@Policy methods) are measured alike.
 */

export const POLICY_COUNT = 10;

export interface PolicyDispatchResult {
  case: 'dispatch_policies';
  style: 'seed' | 'decorated';
  policies: number;
  ns_per_call: number;
  floor_ns_per_call: number;
  real_kit_ns_per_call: number;
  /**
   * The floor plus the guard work every watched call of the kit does whatever its listeners: copy
   * and screen the input, a call ID, freeze the params and the event the policies judge, redact the
   * result. What the kit costs beyond this is its dispatch proper.
   */
  guarded_floor_ns_per_call: number;
}

/** The verdict every policy gives: reads the event, allows. */
function allows(event: { method: string; rawParams?: unknown }): boolean {
  return event.method !== METHOD || event.rawParams === null;
}

class SeedPolicy extends AbstractPolicy {
  override name: string;
  override relevantTools = [METHOD];
  constructor(at: number) {
    super();
    this.name = `allow ${at}`;
  }
  protected override shouldBlockPreToolExecution(params: { rawParams?: unknown }, method: string): boolean {
    return allows({ method, rawParams: params.rawParams });
  }
}

class DecoratedPolicy {
  @Policy('preToolExecution', [METHOD])
  allow(event: { method: string; rawParams?: unknown }): boolean {
    return allows(event);
  }
}

class KitAllowPolicy extends KitAbstractPolicy {
  name = 'allow';
  description = 'allows';
  relevantTools = [METHOD];
  protected override shouldBlockPreToolExecution(params: { rawParams?: unknown }, method: string): boolean {
    return allows({ method, rawParams: params.rawParams });
  }
}

export async function benchPolicyDispatch(style: 'seed' | 'decorated', callsPerRound = 10_000, rounds = 20): Promise<PolicyDispatchResult> {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', PrivateKey.generateED25519());
  const tool = new NoopTool();
  const context: Context = {};
  const policies = Array.from({ length: POLICY_COUNT }, (_, at) => (style === 'seed' ? new SeedPolicy(at) : new DecoratedPolicy()));
  const kit = await createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'bench', tools: () => [tool] }], context: { hooks: policies } });
  const verdicts = Array.from({ length: POLICY_COUNT }, () => allows);

  const viaKit = async () => {
    for (let i = 0; i < callsPerRound; i++) {
      consume(await kit.execute(METHOD, {}));
    }
  };
  const floor = async () => {
    for (let i = 0; i < callsPerRound; i++) {
      const event: Record<string, unknown> & { method: string } = { method: METHOD, context, rawParams: {}, client };
      for (const verdict of verdicts) if (verdict(event)) throw new Error('blocked');
      const parsed = tool.parameters.parse(event.rawParams);
      event.normalisedParams = await tool.normalizeParams(parsed);
      event.coreActionResult = await tool.coreAction();
      consume((event.toolResult = tool.formatResult(1, event.normalisedParams as Record<string, never>)));
    }
  };
  const redactor = kit.redactor;
  const guardedFloor = async () => {
    for (let i = 0; i < callsPerRound; i++) {
      const rawParams = copyRawParams(METHOD, {});
      const event = Object.freeze({ method: METHOD, callId: nextCallId(), toolType: 'other', context, rawParams: freezePlainData(rawParams), client });
      for (const verdict of verdicts) if (verdict(event)) throw new Error('blocked');
      refuseOwnKeyMaterial(METHOD, rawParams, redactor);
      const parsed = tool.parameters.parse(rawParams);
      const normalisedParams = await tool.normalizeParams(parsed);
      await tool.coreAction();
      consume(redactor.redactValue(tool.formatResult(1, normalisedParams)));
    }
  };
  const kitTool = new KitNoopTool(METHOD);
  const kitContext = { hooks: Array.from({ length: POLICY_COUNT }, () => new KitAllowPolicy()) } as unknown as KitContext;
  const viaRealKit = async () => {
    for (let i = 0; i < callsPerRound; i++) {
      const result = (await kitTool.execute(client as never, kitContext, {})) as { humanMessage?: unknown };
      if (result?.humanMessage !== 'done') throw new Error(`policy dispatch bench: the real kit's call did not succeed: ${String(result?.humanMessage)}`);
    }
  };

  const [kitNs, floorNs, realKitNs, guardedNs] = (await interleavedMedians([viaKit, floor, viaRealKit, guardedFloor], callsPerRound, rounds)) as [number, number, number, number];
  await kit.close();
  client.close();
  return {
    case: 'dispatch_policies',
    style,
    policies: POLICY_COUNT,
    ns_per_call: kitNs,
    floor_ns_per_call: floorNs,
    real_kit_ns_per_call: realKitNs,
    guarded_floor_ns_per_call: guardedNs,
  };
}
