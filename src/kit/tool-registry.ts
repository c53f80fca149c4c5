import type { Zod3Schema } from '../compat/zod3-json-schema.js';
import type { BaseTool } from '../lifecycle/base-tool.js';
import { AgentHooksError, ErrorCode, UnknownToolError } from '../lifecycle/errors.js';
import { formatPath } from '../lifecycle/parse-params.js';
import { toolShapeSchema } from '../plugins/plugin-contract.js';
import { closestNames } from './closest-names.js';

/** What `listTools()` reports about one tool. */
export interface ToolDescription {
  method: string;
  name: string;
  description: string;
  /** The zod input schema: zod 4, or zod 3 for a tool of the Hedera Agent Kit. */
  parameters: BaseTool['parameters'] | Zod3Schema;
  /** The plugin that contributed it. */
  plugin: string;
  /** What the tool does to the ledger, when the tool says (the Hedera Agent Kit's tools do). */
  toolType?: 'query' | 'transaction' | 'other';
  /** Reads the tool's JSON output back into `{ raw, humanMessage }`, when the tool brings one. */
  outputParser?: (raw: string) => { raw: any; humanMessage: string };
}

/**
 * The tools of one kit by method name. A second tool with a taken name is refused, naming both
 * owners, so no plugin can shadow a core tool.
 */
export class ToolRegistry {
  private readonly tools = new Map<string, { tool: BaseTool; plugin: string }>();

  add(tool: unknown, plugin: string): void {
    const shape = toolShapeSchema.safeParse(tool);
    if (!shape.success) {
      const problems = shape.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join('; ');
      throw new AgentHooksError(ErrorCode.PLUGIN_INVALID, `Plugin "${plugin}" returned an invalid tool: ${problems}.`);
    }
    const valid = tool as BaseTool;
    const taken = this.tools.get(valid.method);
    if (taken) {
      throw new AgentHooksError(
        ErrorCode.DUPLICATE_TOOL,
        `Plugin "${plugin}" defines tool "${valid.method}", which plugin "${taken.plugin}" already defines; tool names must be unique.`,
      );
    }
    this.tools.set(valid.method, { tool: valid, plugin });
  }

  get(method: string): BaseTool {
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
      plugin,
    }));
  }
}
