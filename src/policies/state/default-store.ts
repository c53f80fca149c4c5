import { MemoryPolicyStore } from './memory-store.js';
import type { BudgetLine, BudgetUsage, ClaimBook, PolicyStore, Reservation, SwitchCell, WindowCounter } from './policy-store.js';
import type { SharedStateFiles } from './shared-state-files.js';
import { SqlitePolicyStore } from './sqlite-store.js';

/**
 * The store of a policy built without one: in memory, until the kit it joins has a journal folder
 * and gives it the state file there (`useFile`), before its first operation. Names are scoped when
 * it moves (`SpendLimitPolicy-1/spend-limit`), so two policies of a kit that both kept the default
 * name keep two budgets, and the same program restarted finds its own.
 */
export class DefaultPolicyStore implements PolicyStore {
  private backing: PolicyStore = new MemoryPolicyStore();
  private scope = '';
  private used = false;
  private moved = false;

  get shared(): boolean {
    return this.backing.shared;
  }

  get description(): string {
    return this.backing.description;
  }

  /**
   * Moves the state to the SQLite file `file` (through `files`, the kit's one connection per file, when given), names scoped by `scope`; false (and nothing changes)
   * once an operation ran (what memory holds would be lost) or a kit moved it already (a policy
   * shared by two kits keeps the first kit's file).
   */
  useFile(file: string, scope: string, files?: SharedStateFiles): boolean {
    if (this.used || this.moved) return false;
    this.moved = true;
    const memory = this.backing;
    // One connection per file for the kit's policies: a lease on the kit's, or a store of its own.
    this.backing = files ? files.lease(file) : new SqlitePolicyStore({ path: file });
    this.scope = scope;
    void memory.close();
    return true;
  }

  get atOnce(): PolicyStore['atOnce'] {
    const atOnce = this.backing.atOnce;
    if (!atOnce) return undefined;
    return {
      reserve: (budget, id, lines, windowMs) => this.use(() => atOnce.reserve(this.named(budget), id, lines, windowMs)),
      commit: (budget, id, lines, windowMs) => this.use(() => atOnce.commit(this.named(budget), id, lines, windowMs)),
      release: (budget, id, lines) => this.use(() => atOnce.release(this.named(budget), id, lines)),
    };
  }

  reserve(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<Reservation> {
    return this.use(() => this.backing.reserve(this.named(budget), id, lines, windowMs));
  }

  commit(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<void> {
    return this.use(() => this.backing.commit(this.named(budget), id, lines, windowMs));
  }

  release(budget: string, id: string, lines: readonly BudgetLine[]): Promise<void> {
    return this.use(() => this.backing.release(this.named(budget), id, lines));
  }

  usage(budget: string, account: string, asset: string, windowMs: number): Promise<BudgetUsage> {
    return this.use(() => this.backing.usage(this.named(budget), account, asset, windowMs));
  }

  /** Made when the policy is built; each count goes to the store of the moment (memory, or the file once given). */
  counter(name: string, limit: number, windowMs: number): WindowCounter {
    let made: { from: PolicyStore; counter: WindowCounter } | undefined;
    const current = (): WindowCounter => {
      if (made?.from !== this.backing) made = { from: this.backing, counter: this.backing.counter(this.named(name), limit, windowMs) };
      return made.counter;
    };
    return {
      take: (key) => this.use(() => current().take(key)),
      giveBack: (key) => this.use(() => current().giveBack(key)),
      peek: (key) => {
        const counter = current();
        return counter.peek ? counter.peek(key) : Promise.reject(new Error(`the store (${this.description}) cannot read a count without counting`));
      },
    };
  }

  claims(name: string): ClaimBook {
    const book = (): ClaimBook => this.backing.claims!(this.named(name));
    return {
      take: (key, holder, record, holdMs) => this.use(() => book().take(key, holder, record, holdMs)),
      update: (key, holder, record, holdMs) => this.use(() => book().update(key, holder, record, holdMs)),
      drop: (key, holder) => this.use(() => book().drop(key, holder)),
    };
  }

  switch(name: string): SwitchCell {
    const cell = (): SwitchCell => this.backing.switch!(this.named(name));
    return {
      read: () => this.use(() => cell().read()),
      set: (record) => this.use(() => cell().set(record)),
      clear: () => this.use(() => cell().clear()),
    };
  }

  close(): Promise<void> {
    this.used = true;
    return this.backing.close();
  }

  private named(name: string): string {
    return this.scope ? `${this.scope}/${name}` : name;
  }

  private use<T>(operation: () => T): T {
    this.used = true;
    return operation();
  }
}

/** Whether `value` is a policy's default store that a kit may move to its journal folder (told by its method, never its class). */
export function isDefaultPolicyStore(value: unknown): value is Pick<DefaultPolicyStore, 'useFile'> {
  return value !== null && typeof value === 'object' && typeof (value as { useFile?: unknown }).useFile === 'function';
}
