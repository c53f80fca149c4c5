import { InvalidParamsError } from '../errors/index.js';
import { formatPath } from '../lifecycle/parse-params.js';
import type { KeyRedactor } from './key-redactor.js';

/**
 * Why input holding the agent's own key is refused. It says both what any ledger-text field says of
 * a private key and whose key this is, and never repeats the value.
 */
export const OWN_KEY_INPUT_ERROR =
  "must not contain a private key: it holds (part of) the PRIVATE key of the agent's own account; never share private keys (nothing was sent)";
/** The same, for a parameter name that holds the key (the name is the secret, so it is not shown). */
const OWN_KEY_NAME_ERROR = `a parameter name here ${OWN_KEY_INPUT_ERROR}`;

/** Enough fields to show where the key went, without a message as long as the input. */
const MAX_ISSUES = 5;

/**
 * Refuses tool input that holds (a piece of) the agent's own private key, in any field and any
 * encoding, before the schema or the tool sees it: no tool needs the operator's key (the client
 * signs), and a memo, name or message holding it would publish it for good. Issues name each field
 * (a key split across two fields names both). Keys that are not the agent's are refused by the
 * ledger-text schemas (see src/params/memo-schema.ts), where a DER private key can be recognised.
 *
 * @example
 * refuseOwnKeyMaterial('transfer_hbar_tool', { transactionMemo: operatorKey.toStringRaw() }, redactor);
 * // InvalidParamsError: transactionMemo: must not contain a private key: …
 */
export function refuseOwnKeyMaterial(tool: string, input: unknown, redactor: KeyRedactor): void {
  // Nearly every input holds no key: its check allocates nothing (the path is one shared array,
  // emptied first if a throw in between left it so; the walk never yields, so no two overlap).
  // Writing `length` costs a runtime call, so only a dirty path pays it.
  if (PATH.length !== 0) PATH.length = 0;
  const issues = visit(input, PATH, redactor, undefined);
  if (issues) throw new InvalidParamsError(tool, issues);
}

const PATH: PropertyKey[] = [];

/** Adds one issue (up to MAX_ISSUES), making the list on the first. */
function report(issues: string[] | undefined, path: readonly PropertyKey[], what: 'value' | 'name'): string[] {
  const found = issues ?? [];
  if (found.length < MAX_ISSUES) found.push(`${formatPath(path)}: ${what === 'name' ? OWN_KEY_NAME_ERROR : OWN_KEY_INPUT_ERROR}`);
  return found;
}

/** One path, pushed and popped as the walk goes: every call's input passes here, so no copies per field. */
function visit(value: unknown, path: PropertyKey[], redactor: KeyRedactor, issues: string[] | undefined): string[] | undefined {
  if (typeof value === 'string') return redactor.holdsOwnKey(value) ? report(issues, path, 'value') : issues;
  if (value === null || typeof value !== 'object') return issues;
  if (Array.isArray(value)) {
    for (let at = 0; at < value.length; at++) {
      path.push(at);
      issues = visit(value[at], path, redactor, issues);
      path.pop();
    }
    return issues;
  }
  const keys = Object.keys(value);
  for (let at = 0; at < keys.length; at++) {
    const key = keys[at]!;
    if (redactor.holdsOwnKey(key)) {
      issues = report(issues, path, 'name');
      continue;
    }
    path.push(key);
    issues = visit((value as Record<string, unknown>)[key], path, redactor, issues);
    path.pop();
  }
  return issues;
}
