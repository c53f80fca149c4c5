/**
 * Settles with what `answer` settles with, or with `overtime()` when `budgetMs` passes first.
 * One promise and one timer per wait: Node keeps timers of the same duration in one list already,
 * and a race of two promises with a `finally` cost twice the allocations on every judged call.
 * The timer is a plain setTimeout, so fake timers in an application's tests drive it as they would
 * its own. The budget is in ms, a whole number from 1 to 2^31-1 (checked where it is configured).
 */
export function withinBudget<T>(answer: PromiseLike<T>, budgetMs: number, overtime: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(overtime()), budgetMs);
    answer.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
