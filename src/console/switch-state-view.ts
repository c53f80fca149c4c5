import type { KillSwitch } from '../policies/kill-switch.js';
import type { OversightState } from './console-oversight.js';

/**
 * The console's view of a kill switch, from what its switch believes now: PAUSED only while the
 * switch refuses calls (a pause read from the store, or the last pause read while the store cannot
 * be read), and `canPause: false` when there is no switch, since a pause there would stop nothing.
 */
export function switchStateView(killSwitch: KillSwitch | undefined): Omit<OversightState, 'budgets'> {
  if (!killSwitch) return { paused: false, canPause: false };
  const current = killSwitch.state;
  if (current.state === 'running') return { paused: false };
  if (current.state === 'paused') return { paused: true, reason: current.pause.reason, pausedBy: current.pause.by };
  const unreadable = `the kill switch's state cannot be read (${current.problem})`;
  const last = current.lastPause;
  return last
    ? { paused: true, reason: `${unreadable}, so the last pause read stays in force: ${last.reason}`, pausedBy: last.by }
    : { paused: true, reason: `${unreadable}, so value-moving calls are refused` };
}

/** Refuses a pause or unpause where no switch is connected, saying what to connect. */
export function noSwitchError(owner: string, verb: 'pause' | 'unpause'): string {
  return `${owner}: cannot ${verb}: no kill switch is connected, so a pause here would stop no agent. Give it the switch the agents obey: the KillSwitch passed to createAgentKit({ killSwitch }), or one on the same store and name, ` +
    `e.g. new KillSwitch({ store: { sqlite: '<journal folder>/agent-hooks-state.sqlite' } }), the file where kits with an audit journal and configuration files keep theirs.`;
}
