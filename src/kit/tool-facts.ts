import type { DrivableTool } from '../lifecycle/drivable-tool.js';
import type { ToolType } from '../lifecycle/tool-intent.js';
import type { DeferredTool } from '../plugins/core-tools.js';

/**
 * What the kit's start checks read of a tool (see policy-tool-names.ts): known for a built tool, and
 * for a deferred one from its manifest entry, so the checks run before any core tool is imported.
 */
export interface ToolFacts {
  readonly toolType: ToolType;
  /** False for a plain Tool object (execute only): no postParamsNormalization or postCoreAction. */
  readonly offersInnerStages: boolean;
  /** The tool defines its own `movements(normalisedParams)` view. */
  readonly ownMovementsView: boolean;
  readonly movesNoValue: boolean;
}

export function factsOf(tool: DrivableTool): ToolFacts {
  return {
    toolType: tool.toolType ?? 'other',
    offersInnerStages: tool.offersInnerStages !== false,
    ownMovementsView: typeof tool.movements === 'function',
    movesNoValue: tool.movesNoValue === true,
  };
}

/** A deferred tool is a core BaseTool: inner stages, and a movements view built in unless the manifest says its own. */
export function declaredFacts(deferred: DeferredTool): ToolFacts {
  return { toolType: deferred.toolType, offersInnerStages: true, ownMovementsView: deferred.ownMovementsView === true, movesNoValue: deferred.movesNoValue };
}

/** Where a built tool's facts differ from what was declared for it, as "field is X, declared Y" phrases. */
export function factMismatches(actual: ToolFacts, declared: ToolFacts): string[] {
  return (Object.keys(declared) as (keyof ToolFacts)[])
    .filter((key) => actual[key] !== declared[key])
    .map((key) => `${key} is ${JSON.stringify(actual[key])}, the manifest says ${JSON.stringify(declared[key])}`);
}
