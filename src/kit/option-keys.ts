import { invalidArgument } from '../errors/index.js';
import { closestNames } from './closest-names.js';

/**
 * Refuses keys an options object does not have. TypeScript catches them in object literals only;
 * a key typed in JavaScript, spread in from another object or put at the wrong level is otherwise
 * ignored without a word, and some of those change what happens: `createAgentKit({ client, mode:
 * AgentMode.RETURN_BYTES })` would run autonomously and submit, because `mode` belongs in `context`.
 *
 * `elsewhere` names keys that are valid one level down (or in another function) and says where,
 * e.g. `{ mode: 'context.mode' }`. Other unknown keys get the accepted ones and the closest match.
 * Keys whose value is `undefined` are let through: `{ ...defaults, tools: undefined }` is a common
 * way of leaving an option out.
 *
 * @example
 * refuseUnknownOptions('createAgentKit', options, ['client', 'context'], { mode: 'context.mode' });
 * // E_INVALID_ARGUMENT: `mode` is not an option of createAgentKit; it belongs in `context.mode`.
 */
export function refuseUnknownOptions(
  owner: string,
  options: object,
  accepted: readonly string[],
  elsewhere: Readonly<Record<string, string>> = {},
): void {
  const unknown = Object.keys(options).filter((key) => !accepted.includes(key) && (options as Record<string, unknown>)[key] !== undefined);
  if (unknown.length === 0) return;
  const problems = unknown.map((key) => {
    const moved = Object.hasOwn(elsewhere, key) ? elsewhere[key] : undefined;
    if (moved) return `\`${key}\` is not an option of ${owner}; it belongs in \`${moved}\``;
    const close = closestNames(key, accepted, 1);
    return `\`${key}\` is not an option of ${owner}${close.length ? ` (did you mean \`${close[0]}\`?)` : ''}`;
  });
  throw invalidArgument(`${problems.join('; ')}. Accepted options: ${accepted.join(', ')}.`);
}
