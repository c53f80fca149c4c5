import type { PostParamsNormalizationParams, PreToolExecutionParams } from '../lifecycle/stage-events.js';
import type { HookStage } from '../lifecycle/stages.js';
import { invalidArgument } from '../errors/index.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { DEFAULT_RECIPIENT_COUNTERS, type RecipientCounter } from './recipient-counting.js';

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

  constructor(
    private readonly maxRecipients: number,
    additionalTools: string[] = [],
    customStrategies: Record<string, RecipientCounter> = {},
  ) {
    super();
    if (!Number.isSafeInteger(maxRecipients) || maxRecipients < 1) {
      throw invalidArgument(`MaxRecipientsPolicy: 'maxRecipients' must be a positive integer, got ${String(maxRecipients)}.`);
    }
    if (!Array.isArray(additionalTools) || additionalTools.some((tool) => typeof tool !== 'string' || !tool)) {
      throw invalidArgument(`MaxRecipientsPolicy: additionalTools must be an array of tool names, got ${JSON.stringify(additionalTools)}.`);
    }
    for (const [tool, strategy] of Object.entries(customStrategies ?? {})) {
      if (typeof strategy !== 'function') throw invalidArgument(`MaxRecipientsPolicy: the strategy for "${tool}" must be a function (params) => number.`);
    }
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
