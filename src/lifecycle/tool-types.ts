/**
 * Per-tool parameter types, filled in by declaration merging. A plugin that wants its tools' hooks
 * typed adds an entry keyed by the tool's method name:
 *
 * @example
 * declare module 'hedera-agent-hooks' {
 *   interface ToolParamRegistry {
 *     my_tool: { raw: { to: string }; normalised: { to: AccountId } };
 *   }
 * }
 *
 * Tools without an entry get `any` for their params, as in the Hedera Agent Kit.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface ToolParamRegistry {}

/** The slots a registry entry may fill; each is optional. */
export interface ToolTypeSlots {
  raw?: unknown;
  normalised?: unknown;
  coreActionResult?: unknown;
}

type Slot<T extends string, K extends keyof ToolTypeSlots> = T extends keyof ToolParamRegistry
  ? ToolParamRegistry[T] extends { [P in K]: infer V }
    ? V
    : any
  : any;

export type RawParamsOf<T extends string> = Slot<T, 'raw'>;
export type NormalisedParamsOf<T extends string> = Slot<T, 'normalised'>;
export type CoreActionResultOf<T extends string> = Slot<T, 'coreActionResult'>;

/** Names of the tools that declared their types. */
export type TypedToolName = keyof ToolParamRegistry & string;
