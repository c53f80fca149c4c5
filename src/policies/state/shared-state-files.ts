import type { PolicyStore } from './policy-store.js';
import { SqlitePolicyStore } from './sqlite-store.js';

/**
 * The state files one kit opens, one connection each however many of its policies (and its kill
 * switch) keep their default state there. Each policy gets a lease on the file's store; the
 * connection closes when the last lease does, as the kit closes its policies. Made per kit (one
 * call of useStateFile), never shared between kits: two kits in one process share nothing.
 */
export class SharedStateFiles {
  private readonly files = new Map<string, { store: SqlitePolicyStore; leases: number }>();

  /** A lease on the store of `file`: every operation goes to the one connection; `close` gives the lease back. */
  lease(file: string): PolicyStore {
    let open = this.files.get(file);
    if (!open) this.files.set(file, (open = { store: new SqlitePolicyStore({ path: file }), leases: 0 }));
    open.leases++;
    const { store } = open;
    let closed = false;
    return {
      shared: store.shared,
      description: store.description,
      get atOnce() {
        return store.atOnce;
      },
      reserve: (budget, id, lines, windowMs) => store.reserve(budget, id, lines, windowMs),
      commit: (budget, id, lines, windowMs) => store.commit(budget, id, lines, windowMs),
      release: (budget, id, lines) => store.release(budget, id, lines),
      usage: (budget, account, asset, windowMs) => store.usage(budget, account, asset, windowMs),
      counter: (name, limit, windowMs) => store.counter(name, limit, windowMs),
      claims: (name) => store.claims(name),
      switch: (name) => store.switch(name),
      close: async () => {
        if (closed) return;
        closed = true;
        if (--open!.leases > 0) return;
        this.files.delete(file);
        await store.close();
      },
    };
  }
}
