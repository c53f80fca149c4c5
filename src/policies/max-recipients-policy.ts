import type { PostParamsNormalizationParams, PreToolExecutionParams } from '../lifecycle/stage-events.js';
import type { HookStage } from '../lifecycle/stages.js';
import { z } from 'zod';
import { invalidArgument } from '../errors/index.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { functionOption, parseArgument, toolsOption } from './option-schemas.js';
import { DEFAULT_RECIPIENT_COUNTERS, type RecipientCounter } from './recipient-counting.js';

const maxRecipientsOption = z.number({ error: 'a positive integer' }).refine((max) => Number.isSafeInteger(max) && max >= 1, { error: 'a positive integer' });
const strategiesOption = z
  .record(z.string(), functionOption<RecipientCounter>('a function (params) => number'), { error: 'a map of tool names to functions (params) => number' })
  .nullable();

export type { RecipientCounter } from './recipient-counting.js';

/**
 * Caps the number of distinct recipients of transfers and airdrops, judged on normalised params.
 * Extra tools need a counting strategy; a strategy for a default tool replaces the default one.
 *
 * @example
 * new MaxRecipientsPolicy(5)
 * new MaxRecipientsPolicy(5, ['my_bulk_tool'], { my_bulk_tool: (params) => params.recipients.length })
 */
export class MaxRecipientsPolicy extends AbstractPolicy {
  override name = 'Max Recipients Policy';
  override description: string;
  override relevantTools: string[];
  private readonly counters: Record<string, RecipientCounter>;

  /** The constructor's arguments, as a configuration's JSON schema describes them (strategies are functions). */
  static readonly configArgs = z.tuple([maxRecipientsOption, toolsOption.optional(), strategiesOption.optional()]);

  constructor(
    private readonly maxRecipients: number,
    additionalTools: string[] = [],
    customStrategies: Record<string, RecipientCounter> = {},
  ) {
    super();
    const owner = 'MaxRecipientsPolicy';
    parseArgument(owner, 'maxRecipients', maxRecipientsOption, maxRecipients, 0);
    parseArgument(owner, 'additionalTools', toolsOption, additionalTools, 1);
    parseArgument(owner, 'customStrategies', strategiesOption, customStrategies, 2);
    // A strategy for a tool the policy does not cover would never count anything: say so rather than ignore it.
    const uncovered = Object.keys(customStrategies ?? {}).filter((tool) => !Object.hasOwn(DEFAULT_RECIPIENT_COUNTERS, tool) && !additionalTools.includes(tool));
    if (uncovered.length) {
      throw invalidArgument(
        `MaxRecipientsPolicy: customStrategies has a strategy for ${uncovered.map((t) => `"${t}"`).join(', ')}, which the policy does not cover; ` +
          `list ${uncovered.length > 1 ? 'them' : 'it'} in additionalTools too. Covered without that: ${Object.keys(DEFAULT_RECIPIENT_COUNTERS).join(', ')}.`,
      );
    }
    const missing = additionalTools.filter((tool) => !Object.hasOwn(customStrategies, tool) && !Object.hasOwn(DEFAULT_RECIPIENT_COUNTERS, tool));
    if (missing.length) {
      throw invalidArgument(`MaxRecipientsPolicy: custom tool ${missing.map((t) => `"${t}"`).join(', ')} requires a strategy function in customStrategies.`);
    }
    this.counters = { ...DEFAULT_RECIPIENT_COUNTERS, ...customStrategies };
    this.relevantTools = [...new Set([...Object.keys(DEFAULT_RECIPIENT_COUNTERS), ...additionalTools])];
    this.description = `Limits the maximum number of recipients to ${maxRecipients}`;
  }

  /** `true` blocks, as the Hedera Agent Kit expects; explainBlock says by how much. */
  protected override shouldBlockPostParamsNormalization(params: PostParamsNormalizationParams, method: string): boolean {
    return this.count(params, method) > this.maxRecipients;
  }

  override explainBlock(_stage: HookStage, params: PreToolExecutionParams, method: string): string {
    return `${this.count(params as PostParamsNormalizationParams, method)} recipients exceed the maximum of ${this.maxRecipients}`;
  }

  /** Throws (which blocks) when the params cannot be counted: fail closed, never a count of zero. */
  private count(params: PostParamsNormalizationParams, method: string): number {
    const counter = this.counters[method];
    // Starts with the Hedera Agent Kit's sentence, which its users match on; then how to fix it.
    if (!counter) {
      throw new Error(
        `MaxRecipientsPolicy: Unhandled tool '${method}'. It has no recipient counting strategy: name it in additionalTools ` +
          `and give customStrategies a function for it, e.g. new MaxRecipientsPolicy(max, ['${method}'], { ${method}: (params) => params.recipients.length }).`,
      );
    }
    const count = counter(params.normalisedParams);
    if (!Number.isFinite(count) || count < 0) throw new Error(`MaxRecipientsPolicy: the recipient count for ${method} is not a number (${String(count)})`);
    return count;
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(MaxRecipientsPolicy.prototype);
