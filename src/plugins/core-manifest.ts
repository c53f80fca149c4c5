import type { ToolType } from '../lifecycle/tool-intent.js';

/**
 * One core tool as the core plugins' manifest (plugins/_core-manifest.ts) describes it: what the kit
 * needs at start (its name, and the facts the policies' start checks read) without importing the
 * tool's module, which happens on the tool's first use. The kit checks these facts against the tool
 * when it loads it, and test/unit/plugins/core-manifest.spec.ts against every plugin folder.
 */
export interface ManifestTool {
  readonly method: string;
  /** The tool's module, relative to the core plugins folder, e.g. `core-account/transfer-hbar-tool.js`. */
  readonly module: string;
  /** The tool's class, exported by that module under this name and constructed with no arguments. */
  readonly exportName: string;
  readonly toolType: ToolType;
  /** As the tool's own `movesNoValue`: a transaction tool that moves no value beyond its fee. */
  readonly movesNoValue?: true;
  /** The tool defines its own `movements(normalisedParams)` (one whose params no built-in view reads). */
  readonly ownMovementsView?: true;
}

/** One core plugin: its name (listed as each tool's `plugin`) and its tools, in the order it builds them. */
export interface ManifestPlugin {
  readonly name: string;
  readonly tools: readonly ManifestTool[];
}

/** The core plugins in the order the folder loader reads them (by folder name). */
export type CoreManifest = readonly ManifestPlugin[];

/** The manifest's file name in the core plugins folder; the leading "_" keeps the folder loader off it. */
export const CORE_MANIFEST_FILE = '_core-manifest.js';
