import { asDrivableTool } from '../compat/kit-tools.js';
import type { DrivableTool } from '../lifecycle/drivable-tool.js';
import { AgentHooksError, ErrorCode, UnknownToolError } from '../errors/index.js';
import { formatPath } from '../lifecycle/parse-params.js';
import { toolShapeSchema } from '../plugins/plugin-contract.js';
import type { DeferredTool } from '../plugins/core-tools.js';
import { closestNames } from './closest-names.js';
import { movesValue } from '../policies/value-moving-tools.js';
import { declaredFacts, factMismatches, factsOf, type ToolFacts } from './tool-facts.js';

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

/** A registered tool: built, or deferred (a core tool, built on first use) with the facts declared for it. */
interface Entry {
  plugin: string;
  tool?: DrivableTool;
  deferred?: DeferredTool;
  facts: ToolFacts;
}

/**
 * The tools of one kit by method name. A second tool with a taken name is refused, naming both
 * owners, so no plugin can shadow a core tool. Deferred tools are built the first time they are
 * looked up or listed; names and facts serve the start checks until then.
 */
export class ToolRegistry {
  private readonly tools = new Map<string, Entry>();

  add(tool: unknown, plugin: string): void {
    const valid = validTool(tool, `Plugin "${plugin}"`);
    this.claim(valid.method, plugin);
    this.tools.set(valid.method, { plugin, tool: valid, facts: factsOf(valid) });
  }

  /** Registers a tool by name, to be built (and checked against its declared facts) on first use. */
  addDeferred(deferred: DeferredTool): void {
    this.claim(deferred.method, deferred.plugin);
    this.tools.set(deferred.method, { plugin: deferred.plugin, deferred, facts: declaredFacts(deferred) });
  }

  get(method: string): DrivableTool {
    // The name comes from the model's tool call, so it may be anything: only a string can match.
    const entry = typeof method === 'string' ? this.tools.get(method) : undefined;
    if (!entry) throw this.unknown(method);
    return entry.tool ?? this.build(method, entry);
  }

  /** Tools that offer only execute() (plain Tool objects): no postParamsNormalization or postCoreAction. */
  withoutInnerStages(): string[] {
    return this.methodsWhere((facts) => !facts.offersInnerStages);
  }

  /**
   * Transaction tools the value policies cannot see into: no movements view of their own, none built
   * in for their name (`hasBuiltInView`), and no `movesNoValue` mark.
   */
  withoutMovementsView(hasBuiltInView: (method: string) => boolean): string[] {
    return this.methodsWhere((facts, method) => facts.toolType === 'transaction' && !facts.ownMovementsView && !facts.movesNoValue && !hasBuiltInView(method));
  }

  /**
   * The tools this kit counts as moving value: what a value-moving pause stops and what the value
   * policies cover by default. Those `listed` (VALUE_MOVING_TOOLS) that this kit has, and every other
   * tool that is not a query and is not marked `movesNoValue` (see movesValue): a plugin's transfer,
   * or a tool with no `toolType` at all, since it declares nothing.
   */
  valueMoving(listed: readonly string[]): string[] {
    return this.methodsWhere((facts, method) => listed.includes(method) || movesValue(facts));
  }

  has(method: string): boolean {
    return this.tools.has(method);
  }

  /** Every tool's name, in registration order, without building any. */
  methods(): string[] {
    return [...this.tools.keys()];
  }

  /** Keeps only the named tools; an unknown name is an error, not a silent no-op. */
  restrictTo(methods: readonly string[]): void {
    for (const method of methods) if (!(typeof method === 'string' && this.tools.has(method))) throw this.unknown(method);
    const keep = new Set(methods);
    for (const method of [...this.tools.keys()]) if (!keep.has(method)) this.tools.delete(method);
  }

  /** Describes every tool, building the deferred ones (their schemas are part of the description). */
  list(): ToolDescription[] {
    return [...this.tools.keys()].map((method) => {
      const tool = this.get(method);
      return {
        method: tool.method,
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters,
        toolType: tool.toolType ?? 'other',
        ...(tool.outputParser ? { outputParser: tool.outputParser } : {}),
        plugin: this.tools.get(method)!.plugin,
      };
    });
  }

  private claim(method: string, plugin: string): void {
    const taken = this.tools.get(method);
    if (taken) {
      throw new AgentHooksError(
        ErrorCode.DUPLICATE_TOOL,
        `Plugin "${plugin}" defines tool "${method}", which plugin "${taken.plugin}" already defines; tool names must be unique.`,
      );
    }
  }

  /**
   * The start checks trusted the declared facts, so a built tool that differs from them is refused
   * (fail closed) rather than run under checks made for another tool.
   */
  private build(method: string, entry: Entry): DrivableTool {
    const deferred = entry.deferred!;
    const tool = validTool(deferred.build(), `Core plugin "${deferred.plugin}" (${deferred.source})`);
    const mismatches = [
      ...(tool.method === method ? [] : [`its method is "${tool.method}", the manifest says "${method}"`]),
      ...factMismatches(factsOf(tool), entry.facts),
    ];
    if (mismatches.length) {
      throw new AgentHooksError(ErrorCode.PLUGIN_INVALID, `Core plugin "${deferred.plugin}": the tool ${deferred.source} builds does not match the core plugins manifest: ${mismatches.join('; ')}.`);
    }
    entry.tool = tool;
    return tool;
  }

  private methodsWhere(test: (facts: ToolFacts, method: string) => boolean): string[] {
    return [...this.tools].filter(([method, { facts }]) => test(facts, method)).map(([method]) => method);
  }

  private unknown(method: unknown): UnknownToolError {
    if (typeof method !== 'string') return new UnknownToolError(String(method), [], this.tools.size);
    // A name far longer than any tool's is no typo: skip the edit distances (costly at that length) and quote its start.
    if (method.length > 100) return new UnknownToolError(`${method.slice(0, 60)}…`, [], this.tools.size);
    return new UnknownToolError(method, closestNames(method, this.tools.keys()), this.tools.size);
  }
}

/** A tool of an accepted shape, as the runner drives it; `owner` (`Plugin "name"`) starts the errors. */
function validTool(tool: unknown, owner: string): DrivableTool {
  // Parsed once per tool: zod's compiled fast path would cost more to build than it saves (jitless).
  const shape = toolShapeSchema.safeParse(tool, { jitless: true });
  if (!shape.success) {
    const problems = shape.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join('; ');
    throw new AgentHooksError(ErrorCode.PLUGIN_INVALID, `${owner} returned an invalid tool: ${problems}.`);
  }
  const valid = asDrivableTool(tool as object);
  if (!valid) {
    throw new AgentHooksError(
      ErrorCode.PLUGIN_INVALID,
      `${owner} returned an invalid tool "${(tool as { method: string }).method}": a tool needs normalizeParams and coreAction (a BaseTool, this project's or the Hedera Agent Kit's) or execute(client, context, params) (a plain Tool object).`,
    );
  }
  return valid;
}
