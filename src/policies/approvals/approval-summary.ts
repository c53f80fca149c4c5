import { redactKeyMaterial } from '../../lifecycle/secret-text.js';
import { toJson } from '../../lifecycle/to-json.js';
import { formatHbar, type MovedValue } from '../approval-moves.js';
import { oneLine } from '../approvers/approver.js';

/** Movements listed one by one in the summary; the rest are counted. */
const LISTED_MOVEMENTS = 5;

/** One line: the tool and what it moves, or its params when it moves nothing the policy could read. */
export function summaryOf(method: string, moved: MovedValue, rawParams: unknown): string {
  const movements = moved.movements ?? [];
  const total = moved.hbarTinybars ? formatHbar(moved.hbarTinybars) : undefined;
  if (movements.length) {
    const listed = movements.slice(0, LISTED_MOVEMENTS).map((movement) => `${movement.display} from ${movement.from} to ${movement.to}`);
    const more = movements.length > LISTED_MOVEMENTS ? `, and ${movements.length - LISTED_MOVEMENTS} more` : '';
    const sum = total && movements.filter((movement) => movement.asset === 'HBAR').length > 1 ? ` (${total} in total)` : '';
    return oneLine(`${method}: ${listed.join(', ')}${more}${sum}`);
  }
  return oneLine(`${method} with ${paramsText(rawParams)}${total ? ` (${total} in total)` : ''}`);
}

function paramsText(rawParams: unknown): string {
  try {
    return redactKeyMaterial(toJson(rawParams) ?? 'no params');
  } catch {
    return '(params that cannot be shown)';
  }
}
