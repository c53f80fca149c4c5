import { checkedTools } from '../listeners/seed-listeners.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { markReadOnly } from '../listeners/read-only-policies.js';

/**
 * Disables tools outright: any call to one of `relevantTools` is refused at preToolExecution,
 * before its input is even parsed. Named and described as in the Hedera Agent Kit, whose block
 * message quotes both.
 *
 * @example
 * new RejectToolPolicy(['delete_account_tool', 'delete_topic_tool'])
 */
export class RejectToolPolicy extends AbstractPolicy {
  override name = 'Reject Tool Call';
  override description = 'Stops agent from calling predefined tools';
  override relevantTools: string[];

  constructor(relevantTools: string[]) {
    super();
    this.relevantTools = [...checkedTools(relevantTools, 'RejectToolPolicy')];
  }

  protected override shouldBlockPreToolExecution(): boolean {
    return true;
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(RejectToolPolicy.prototype);
markReadOnly(RejectToolPolicy.prototype);
