/** How many microtask turns an answer gets before its timer is armed (see withinBudget). */
const TURNS_BEFORE_TIMER = 6;

const RESOLVED = Promise.resolve();

/**
 * Settles with what `answer` settles with, or with `overtime()` when `budgetMs` passes first.
 *
 * A timer per verdict and per settlement was a measured tenth of a judged call, and most answers
 * (an in-memory store, a policy that awaits nothing slow) come within a few microtask turns. So the
 * timer is armed only when the answer has not come after TURNS_BEFORE_TIMER turns, still within the
 * same turn of the event loop: the budget starts microseconds late, never later. The turns are
 * native promise jobs, which fake timers leave alone, and the timer is a plain setTimeout, so fake
 * timers in an application's tests drive the overtime as they would their own. The budget is in ms,
 * a whole number from 1 to 2^31-1 (checked where it is configured).
 */
export function withinBudget<T>(answer: PromiseLike<T>, budgetMs: number, overtime: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const wait = (turnsLeft: number): void => {
      if (settled) return;
      if (turnsLeft > 0) {
        void RESOLVED.then(() => wait(turnsLeft - 1));
        return;
      }
      timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        resolve(overtime());
      }, budgetMs);
    };
    answer.then(
      (value) => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        reject(error);
      },
    );
    wait(TURNS_BEFORE_TIMER);
  });
}
