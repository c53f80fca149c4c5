/** How deep inside a listener a store is looked for (a policy, its options, a composition's parts). */
const DEPTH = 4;

/**
 * The names of the configured listeners that keep state in this process's memory only: a store
 * inside them (found by its methods, never by class) that is not shared. A one-shot command starts
 * them at zero and forgets them when it exits, so they limit nothing across commands.
 *
 * @example
 * memoryOnlyStateHolders(loaded.listeners); // ['Spend Limit Policy']
 */
export function memoryOnlyStateHolders(listeners: readonly unknown[]): string[] {
  const names: string[] = [];
  for (const listener of listeners) {
    if (listener === null || typeof listener !== 'object') continue;
    if (holdsMemoryStore(listener, DEPTH, new Set())) names.push(nameOf(listener));
  }
  return names;
}

/**
 * The loud warning of a one-shot `agent-hooks call` whose stateful policies (or kill switch) keep
 * their state in memory; undefined when none does.
 */
export function memoryStateWarning(holders: readonly string[], stateFile: string): string | undefined {
  if (holders.length === 0) return undefined;
  const rule = '!'.repeat(78);
  const one = holders.length === 1;
  return [
    rule,
    `WARNING: ${holders.join(', ')} keep${one ? 's its' : ' their'} state in this process's memory ("store": "memory").`,
    `This one-shot call starts ${one ? 'it' : 'them'} from zero and forgets ${one ? 'it' : 'them'} on exit: budgets, rate counts and intents`,
    'are NOT shared with earlier or later calls, so they limit nothing across `agent-hooks call`s.',
    `Leave "store" out to keep the state in ${stateFile} (every process started from this`,
    'configuration shares it), or name a shared store: { "sqlite": "<file>" } or { "redis": "redis://…" }.',
    rule,
  ].join('\n');
}

function holdsMemoryStore(value: object, depth: number, seen: Set<object>): boolean {
  if (seen.has(value)) return false;
  seen.add(value);
  if (isStore(value)) return (value as { shared?: unknown }).shared === false;
  if (depth === 0) return false;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => child !== null && typeof child === 'object' && holdsMemoryStore(child, depth - 1, seen));
}

function isStore(value: object): boolean {
  const store = value as Record<string, unknown>;
  return ['reserve', 'commit', 'release', 'usage', 'counter'].every((method) => typeof store[method] === 'function');
}

function nameOf(listener: object): string {
  const name = (listener as { name?: unknown }).name;
  return typeof name === 'string' && name ? name : (listener.constructor?.name ?? 'a listener');
}
