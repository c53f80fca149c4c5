import { AbstractHook, type PostSecondaryActionParams, type ToolErrorParams } from 'hedera-agent-hooks';

/**
 * Pattern 1, universal: the same logic for every tool, using only what every call has (the method,
 * the result, the stage reached). `'*'` listens to all tools.
 */
export class CallCounterHook extends AbstractHook {
  override name = 'Call Counter';
  override description = 'Counts calls per tool and outcome.';
  override relevantTools = ['*'];
  readonly counts = new Map<string, number>();

  override async postToolExecutionHook(params: PostSecondaryActionParams, method: string): Promise<void> {
    this.bump(`${method}:${params.toolResult.raw.status}`);
  }

  override async toolErrorHook(params: ToolErrorParams, method: string): Promise<void> {
    this.bump(`${method}:${params.blockedBy ? 'blocked' : 'failed'}`);
  }

  private bump(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
}
