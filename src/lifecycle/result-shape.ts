import { outcomeMessage } from './human-messages.js';
import type { RawToolResult, ToolResult } from './tool-result.js';

/** A value with the `{ raw: {…} }` of a tool result: what the Hedera Agent Kit's tools return. */
export function isResultEnvelope(value: unknown): value is { raw: RawToolResult; humanMessage?: unknown } {
  if (value === null || typeof value !== 'object') return false;
  const raw = (value as { raw?: unknown }).raw;
  return typeof raw === 'object' && raw !== null;
}

/**
 * A `{ raw, humanMessage }` a tool returned, passed on as the Hedera Agent Kit passes it: the tool
 * finished without throwing, so a missing `raw.status` is `'SUCCESS'`; every other field stays.
 * Copied when something is filled in rather than changed in place: the runner freezes a core
 * action's result once listeners have seen it, and a tool may hand back a value it keeps.
 */
export function passedThrough(toolName: string, envelope: { raw: RawToolResult; humanMessage?: unknown }): ToolResult {
  const raw = envelope.raw;
  if (typeof raw.status === 'string' && typeof envelope.humanMessage === 'string' && !Object.isFrozen(raw) && !Object.isFrozen(envelope)) return envelope as ToolResult;
  const filled: RawToolResult = { ...raw, status: raw.status ?? 'SUCCESS' };
  return { ...envelope, raw: filled, humanMessage: typeof envelope.humanMessage === 'string' ? envelope.humanMessage : outcomeMessage(toolName, filled) };
}

/**
 * Whatever a tool's last step returned, as a result: a `{ raw, humanMessage }` passes through
 * (see `passedThrough`); any other value finished without throwing and becomes the data of a
 * SUCCESS, with a string as its own message.
 */
export function asToolResult(toolName: string, value: unknown): ToolResult {
  if (isResultEnvelope(value)) return passedThrough(toolName, value);
  const raw: RawToolResult = { status: 'SUCCESS', data: value };
  return { raw, humanMessage: typeof value === 'string' ? value : outcomeMessage(toolName, raw) };
}
