import { z } from 'zod';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { markReadOnly } from '../listeners/read-only-policies.js';
import { parseArgument, toolsOption } from './option-schemas.js';

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

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([toolsOption]);

  constructor(relevantTools: string[]) {
    super();
    this.relevantTools = [...parseArgument('RejectToolPolicy', 'relevantTools', toolsOption, relevantTools, 0)];
  }

  protected override shouldBlockPreToolExecution(): boolean {
    return true;
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(RejectToolPolicy.prototype);
markReadOnly(RejectToolPolicy.prototype);
