import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parseConfig } from '../../../src/config/load-config.js';
import { configuredStateFile } from '../../../src/config/default-policy-store.js';
import { useStateFile } from '../../../src/kit/default-state-file.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import type { PolicyStore } from '../../../src/policies/state/policy-store.js';

/** The store a built policy keeps its state in (a private field, read for the test). */
const storeOf = (policy: unknown): PolicyStore => {
  const held = policy as { store?: PolicyStore; options?: { store: PolicyStore } };
  return held.store ?? held.options!.store;
};
const nameOf = (policy: unknown): string => {
  const held = policy as { budget?: string; counts?: string; options?: { name: string } };
  return held.budget ?? held.counts ?? held.options!.name;
};

describe('the default store of a configuration', () => {
  let baseDir: string;
  beforeEach(() => {
    baseDir = mkdtempSync(path.join(tmpdir(), 'default-store-'));
  });
  afterEach(() => rmSync(baseDir, { recursive: true, force: true }));

  it('puts stateful policies without a store in the SQLite file beside the journal, one name each', async () => {
    const { listeners, config } = parseConfig(
      {
        killSwitch: {},
        policies: [
          { policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: 3_600_000 }] },
          { policy: 'SpendLimitPolicy', args: [{ hbar: 100, windowMs: 86_400_000 }] },
          { policy: 'RateLimitPolicy', args: [{ limit: 5, windowMs: 60_000 }] },
          { policy: 'DuplicateIntentPolicy', args: [{ windowMs: 60_000 }] },
          { policy: 'allOf', args: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 1, windowMs: 1_000, name: 'inner' }] }, { policy: 'MaxRecipientsPolicy', args: [3] }] },
        ],
      },
      'test',
      baseDir,
    );
    const file = path.join(baseDir, '.agent-hooks', 'audit', 'agent-hooks-state.sqlite');
    const sqlite = `SQLite at ${file}`;
    expect(listeners.slice(0, 4).map((policy) => storeOf(policy).description)).to.deep.equal([sqlite, sqlite, sqlite, sqlite]);
    expect(listeners.slice(0, 4).map(nameOf)).to.deep.equal(['spend-limit', 'spend-limit', 'rate-limit', 'duplicate-intent']);
    // Kept apart in the file as a code kit keeps them: by class and rank.
    expect(listeners.slice(0, 4).map((policy) => (storeOf(policy) as unknown as { scope: string }).scope)).to.deep.equal(['SpendLimitPolicy-1', 'SpendLimitPolicy-2', 'RateLimitPolicy-1', 'DuplicateIntentPolicy-1']);
    const inner = (listeners[4] as { policies: unknown[] }).policies[0];
    expect(storeOf(inner).description).to.equal(sqlite);
    expect(nameOf(inner)).to.equal('inner');
    expect(config.killSwitch).to.deep.equal({ store: { sqlite: file } });
    await Promise.all(listeners.map((listener) => (listener as { close?: () => Promise<void> }).close?.()));
  });

  // An operator moves a budget from agent.mjs to agent-hooks.config.json (or runs both over one file): it must stay one budget.
  it('names a policy\'s budget in the state file as a code kit with a journal does, so the JSON and the code policy share one budget', async () => {
    const { listeners } = parseConfig({ policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: 3_600_000 }] }] }, 'test', baseDir);
    const fromJson = listeners[0] as SpendLimitPolicy;
    const fromCode = new SpendLimitPolicy({ hbar: 10, windowMs: 3_600_000 });
    useStateFile([fromCode], undefined, configuredStateFile({ hooks: [] }, baseDir));
    const line = { account: '0.0.1001', asset: 'HBAR', amount: 7n * 100_000_000n, limit: 10n * 100_000_000n };
    expect((await storeOf(fromJson as never as object).reserve('spend-limit', 'call-1', [line], 3_600_000)).ok).to.equal(true);
    expect((await fromCode.usage('0.0.1001', 'HBAR')).pending, 'the code policy sees what the JSON one reserved').to.equal(7n * 100_000_000n);
    await Promise.all([fromJson.close(), fromCode.close()]);
  });

  it('keeps an AllowanceSpendPolicy\'s holds in the state file too, so agents started from the file count each other\'s calls in flight', async () => {
    const { listeners } = parseConfig({ policies: [{ policy: 'AllowanceSpendPolicy', args: [{ owners: ['0.0.1234'] }] }] }, 'test', baseDir);
    const policy = listeners[0] as { store: { description: string }; holds: { budget: string }; close(): Promise<void> };
    expect(policy.store.description).to.equal(`SQLite at ${path.join(baseDir, '.agent-hooks', 'audit', 'agent-hooks-state.sqlite')}`);
    expect(policy.holds.budget).to.equal('allowance-holds');
    await policy.close();
  });

  it('keeps "memory" and Redis as given, reads a relative sqlite path from the file\'s folder, and follows the audit hook\'s journal', async () => {
    const config = {
      hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234', null, { journalDir: 'trail' }] }],
      policies: [
        { policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: 3_600_000, store: 'memory' }] },
        { policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: 3_600_000, store: { sqlite: 'budgets/team.sqlite' }, name: 'team' }] },
        { policy: 'RateLimitPolicy', args: [{ limit: 5, windowMs: 60_000, store: { redis: 'redis://127.0.0.1:6379' }, name: 'fleet' }] },
      ],
    };
    const parsed = parseConfig(config, 'test', baseDir);
    const [, memory, file, redis] = parsed.listeners;
    expect(storeOf(memory).description).to.equal('memory');
    expect(storeOf(file).description).to.equal(`SQLite at ${path.join(baseDir, 'budgets', 'team.sqlite')}`);
    expect(storeOf(redis).description).to.match(/^Redis at 127\.0\.0\.1:6379/);
    expect(configuredStateFile(parsed.config, baseDir)).to.equal(path.join(baseDir, 'trail', 'agent-hooks-state.sqlite'));
    await Promise.all(parsed.listeners.map((listener) => (listener as { close?: () => Promise<void> }).close?.()));
  });
});
