import type { Client } from '@hiero-ledger/sdk';
import { AbstractHook as KitAbstractHook, BaseTool as KitBaseTool, type Context as KitContext } from '@hashgraph/hedera-agent-kit';
import { z } from 'zod/v3';

/*
 * The same no-op tool and no-op hooks on the real Hedera Agent Kit (a devDependency), so the
 * dispatch bench can print this kit's cost next to that kit's, measured in the same run.
 */

export class KitNoopTool extends KitBaseTool {
  method: string;
  name = 'No-op';
  description = 'Does nothing; measures the lifecycle around it.';
  // zod/v3 is the same API as that kit's own zod 3 copy, but a different declaration: cast for the types.
  parameters = z.object({}).strict() as unknown as KitBaseTool['parameters'];
  constructor(method: string) {
    super();
    this.method = method;
  }
  async normalizeParams(params: Record<string, never>) {
    return params;
  }
  async coreAction() {
    return { raw: {}, humanMessage: 'done' };
  }
  override async shouldSecondaryAction() {
    return false;
  }
}

/** A hook on all four stages that does nothing, guarded by relevantTools as that kit's docs say. */
class KitNoopHook extends KitAbstractHook {
  name = 'noop';
  description = 'does nothing';
  relevantTools: string[];
  constructor(tool: string) {
    super();
    this.relevantTools = [tool];
  }
  override async preToolExecutionHook(_params: unknown, method: string) {
    if (!this.appliesToMethod(method)) return;
  }
  override async postParamsNormalizationHook(_params: unknown, method: string) {
    if (!this.appliesToMethod(method)) return;
  }
  override async postCoreActionHook(_params: unknown, method: string) {
    if (!this.appliesToMethod(method)) return;
  }
  override async postToolExecutionHook(_params: unknown, method: string) {
    if (!this.appliesToMethod(method)) return;
  }
}

/**
 * `calls` runs of the no-op tool through the real kit's BaseTool.execute with the given hooks, each
 * result read as a caller reads it, like the kit's own loop does. Read by a copy of `consume` of its
 * own: that kit's results have another shape, and one shared reader would make the kit's loops read
 * theirs through a polymorphic site.
 */
export function realKitRunner(client: Client, method: string, registered: number, relevant: number): (calls: number) => Promise<void> {
  const hooks = Array.from({ length: registered }, (_, i) => new KitNoopHook(i < relevant ? method : `other_tool_${i}`));
  const context = { hooks } as unknown as KitContext;
  const tool = new KitNoopTool(method);
  return async (calls) => {
    for (let i = 0; i < calls; i++) consumeRealKit((await tool.execute(client as never, context, {})) as { raw: { status: string }; humanMessage: string });
  };
}

/** `consume` (bench/consume.ts), for the real kit's results. */
function consumeRealKit(result: { raw: { status: string }; humanMessage: string }): void {
  if (result.raw.status !== 'SUCCESS' || result.humanMessage.length === 0) throw new Error(`dispatch bench: the real kit's call did not succeed: ${result.humanMessage}`);
}
