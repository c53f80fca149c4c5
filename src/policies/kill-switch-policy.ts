import type { KitAware } from '../di/kit-scope.js';
import { PolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import type { PreToolExecutionParams } from '../lifecycle/stage-events.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { markReadOnly } from '../listeners/read-only-policies.js';
import type { KillSwitch } from './kill-switch.js';
import { VALUE_MOVING_TOOLS } from './value-moving-tools.js';

/**
 * The kit's guard for its kill switch: installed by the kit first of all its policies when
 * `createAgentKit({ killSwitch })` is given (never otherwise, so a kit without one pays nothing),
 * it refuses calls at preToolExecution, before input is parsed, while the switch says so. Its verdict reads
 * only the switch's local state: no promise, no store round-trip.
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
    const reason = this.killSwitch.blockReason(method, this.valueMoving.has(method));
    if (reason === undefined) return false;
    throw new PolicyBlockedError(method, { policy: this.name, stage: 'preToolExecution', reason }, this.description);
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(KillSwitchPolicy.prototype);
markReadOnly(KillSwitchPolicy.prototype);
