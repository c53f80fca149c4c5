import { asDrivableTool } from '../compat/kit-tools.js';
import type { DrivableTool } from '../lifecycle/drivable-tool.js';
import { AgentHooksError, ErrorCode, UnknownToolError } from '../lifecycle/errors.js';
import { formatPath } from '../lifecycle/parse-params.js';
import { toolShapeSchema } from '../plugins/plugin-contract.js';
import { closestNames } from './closest-names.js';

/** What `listTools()` reports about one tool. */
export interface ToolDescription {
  method: string;
  name: string;
  description: string;
  /** The zod input schema (zod 4, or zod 3 for tools written for the Hedera Agent Kit). */
  parameters: DrivableTool['parameters'];
  /** 'query', 'transaction' or 'other', as in the Hedera Agent Kit. */
  toolType: DrivableTool['toolType'];
  /** The tool's parser of its own JSON output, when it has one. */
  outputParser?: DrivableTool['outputParser'];
  /** The plugin that contributed it. */
  plugin: string;
}

/**
 * The tools of one kit by method name. A second tool with a taken name is refused, naming both
 * owners, so no plugin can shadow a core tool.
 */
export class ToolRegistry {
  private readonly tools = new Map<string, { tool: DrivableTool; plugin: string }>();

  add(tool: unknown, plugin: string): void {
    const shape = toolShapeSchema.safeParse(tool);
    if (!shape.success) {
      const problems = shape.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join('; ');
      throw new AgentHooksError(ErrorCode.PLUGIN_INVALID, `Plugin "${plugin}" returned an invalid tool: ${problems}.`);
    }
    const valid = asDrivableTool(tool as object);
    if (!valid) {
      throw new AgentHooksError(
        ErrorCode.PLUGIN_INVALID,
        `Plugin "${plugin}" returned an invalid tool "${(tool as { method: string }).method}": a tool needs normalizeParams and coreAction (a BaseTool, this project's or the Hedera Agent Kit's) or execute(client, context, params) (a plain Tool object).`,
      );
    }
    const taken = this.tools.get(valid.method);
    if (taken) {
      throw new AgentHooksError(
        ErrorCode.DUPLICATE_TOOL,
        `Plugin "${plugin}" defines tool "${valid.method}", which plugin "${taken.plugin}" already defines; tool names must be unique.`,
      );
    }
    this.tools.set(valid.method, { tool: valid, plugin });
  }

  get(method: string): DrivableTool {
    // The name comes from the model's tool call, so it may be anything: only a string can match.
    if (typeof method !== 'string') throw new UnknownToolError(String(method), [], this.tools.size);
    const entry = this.tools.get(method);
    if (!entry) {
      // A name far longer than any tool's is no typo: skip the edit distances (costly at that length) and quote its start.
      if (method.length > 100) throw new UnknownToolError(`${method.slice(0, 60)}…`, [], this.tools.size);
      throw new UnknownToolError(method, closestNames(method, this.tools.keys()), this.tools.size);
    }
    return entry.tool;
  }

  /** Tools that offer only execute() (plain Tool objects): no postParamsNormalization or postCoreAction. */
  withoutInnerStages(): string[] {
    return [...this.tools.values()].filter(({ tool }) => tool.offersInnerStages === false).map(({ tool }) => tool.method);
  }

  /**
   * Transaction tools the value policies cannot see into: no movements view of their own, none built
   * in for their name (`hasBuiltInView`), and no `movesNoValue` mark.
   */
  withoutMovementsView(hasBuiltInView: (method: string) => boolean): string[] {
    return [...this.tools.values()]
      .filter(({ tool }) => tool.toolType === 'transaction' && typeof tool.movements !== 'function' && tool.movesNoValue !== true && !hasBuiltInView(tool.method))
      .map(({ tool }) => tool.method);
  }

  has(method: string): boolean {
    return this.tools.has(method);
  }

  /** Keeps only the named tools; an unknown name is an error, not a silent no-op. */
  restrictTo(methods: readonly string[]): void {
    for (const method of methods) this.get(method);
    const keep = new Set(methods);
    for (const method of [...this.tools.keys()]) if (!keep.has(method)) this.tools.delete(method);
  }

  list(): ToolDescription[] {
    return [...this.tools.values()].map(({ tool, plugin }) => ({
      method: tool.method,
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      toolType: tool.toolType ?? 'other',
      ...(tool.outputParser ? { outputParser: tool.outputParser } : {}),
      plugin,
    }));
  }
}
