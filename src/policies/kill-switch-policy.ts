import type { KitAware } from '../di/kit-scope.js';
import { PolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import type { PreToolExecutionParams } from '../lifecycle/stage-events.js';
import type { HookStage } from '../lifecycle/stages.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { markReadOnly } from '../listeners/read-only-policies.js';
import type { KillSwitch } from './kill-switch.js';
import { VALUE_MOVING_TOOLS } from './value-moving-tools.js';

/**
 * The kit's guard for its kill switch: installed by the kit first of all its policies when
 * `createAgentKit({ killSwitch })` is given (never otherwise, so a kit without one pays nothing),
 * it refuses calls at preToolExecution, before input is parsed, while the switch says so, and again
 * right before the call's tool may send ({@link refusalBeforeSend}), so a call already under way when
 * the pause came sends nothing. Its verdict reads only the switch's local state: no promise, no store round-trip.
 */
export class KillSwitchPolicy extends AbstractPolicy implements KitAware {
  override name = 'Kill Switch';
  override description = 'Refuses calls while an operator has paused the agents';
  override relevantTools = ['*'];
  private readonly valueMoving: ReadonlySet<string>;

  /** @param valueMovingTools the tools a `'value-moving'` pause stops; default VALUE_MOVING_TOOLS. */
  constructor(
    private readonly killSwitch: KillSwitch,
    valueMovingTools: readonly string[] = VALUE_MOVING_TOOLS,
  ) {
    super();
    this.valueMoving = new Set(valueMovingTools);
  }

  /** The kit starts watching the switch; createAgentKit waits for the first read. */
  attachToKit(): Promise<void> {
    return this.killSwitch.attach();
  }

  async close(): Promise<void> {
    await this.killSwitch.detach();
  }

  protected override shouldBlockPreToolExecution(_params: PreToolExecutionParams, method: string): boolean {
    const refusal = this.refusal(method, 'preToolExecution');
    if (refusal === undefined) return false;
    throw refusal;
  }

  /**
   * The kit's last check right before a call's tool may send (the runner's `beforeSend`): a pause
   * turned on while the call waited after preToolExecution (for an approval, a mirror or store read)
   * refuses it there, so nothing goes out. `after` is the last stage the call passed.
   */
  refusalBeforeSend(method: string, after: HookStage): PolicyBlockedError | undefined {
    return this.refusal(method, after, ' (the pause came while this call was under way, after it passed preToolExecution; nothing was sent)');
  }

  private refusal(method: string, stage: HookStage, note = ''): PolicyBlockedError | undefined {
    const reason = this.killSwitch.blockReason(method, this.valueMoving.has(method));
    if (reason === undefined) return undefined;
    return new PolicyBlockedError(method, { policy: this.name, stage, reason: reason + note }, this.description);
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(KillSwitchPolicy.prototype);
markReadOnly(KillSwitchPolicy.prototype);
