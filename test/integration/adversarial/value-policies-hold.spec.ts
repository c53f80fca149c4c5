import { expect } from 'chai';
import fc from 'fast-check';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { MaxTransferPolicy, RecipientAllowlistPolicy } from '../../../src/policies/index.js';
import { startAdversarialWorld, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

/** Ways an LLM may write one account in a transfer; some the tool refuses, none may mislead a policy. */
const SPELLINGS: Record<string, (id: string) => string> = {
  plain: (id) => id,
  spaces: (id) => `  ${id}\n`,
  leadingZeros: (id) => id.replace(/(\d+)$/, (num) => num.padStart(8, '0')),
  checksum: (id) => `${id}-abcde`,
  longZero: (id) => `0x${BigInt(id.split('.')[2]!).toString(16).padStart(40, '0')}`,
  aliasForm: (id) => `0.0.${BigInt(id.split('.')[2]!).toString(16).padStart(40, '0')}`,
};
/** Amounts in HBAR as an LLM sends them, numbers and strings. */
const AMOUNTS = [0.1, 0.5, 1, 1.25, '2', '0.00000001', 2.5];

describe('adversarial transfers against value policies on the devnet', function () {
  this.timeout(120_000);
  let world: AdversarialWorld;
  let kit: AgentKit;
  let pool: string[];
  let allowed: string[];
  const CAP_TINYBARS = 300_000_000n;

  before(async () => {
    world = await startAdversarialWorld();
    pool = [];
    for (let at = 0; at < 4; at++) pool.push((await world.net.createAccount({ hbar: 0 })).accountId);
    allowed = pool.slice(0, 2);
    kit = await world.kitWith({ context: { hooks: [new MaxTransferPolicy({ hbar: 3 }), new RecipientAllowlistPolicy(allowed)] } });
  });
  after(async () => {
    await world.close();
  });

  it('never executes a transfer the cap or the allowlist should have blocked, and moves nothing when it refuses', async () => {
    const outcomes = new Map<string, number>();
    // Mostly spellings the tool accepts, so calls reach the policies; the others test that a refusal moves nothing.
    const spelling = fc.oneof(
      { arbitrary: fc.constantFrom('plain', 'spaces'), weight: 12 },
      { arbitrary: fc.constantFrom(...Object.keys(SPELLINGS)), weight: 1 },
    );
    const to = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 1 }), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 1 });
    const transfer = fc.record({ to, spelling, amount: fc.constantFrom(...AMOUNTS) });
    const transfers = fc.oneof({ arbitrary: fc.array(transfer, { minLength: 1, maxLength: 4 }), weight: 4 }, { arbitrary: fc.array(transfer, { minLength: 5, maxLength: 11 }), weight: 1 });
    await fc.assert(
      fc.asyncProperty(transfers, async (transfers) => {
        const before = await Promise.all(pool.map((account) => tinybarsOf(world.client, account)));
        const result = await kit.execute('transfer_hbar_tool', { transfers: transfers.map((t) => ({ accountId: SPELLINGS[t.spelling]!(pool[t.to]!), amount: t.amount })) });
        const after = await Promise.all(pool.map((account) => tinybarsOf(world.client, account)));
        // What the call asks for, read independently: per account, the sum of its entries.
        const asked = pool.map((_, at) => transfers.filter((t) => t.to === at).reduce((sum, t) => sum + BigInt(Math.round(Number(t.amount) * 1e8)), 0n));
        const total = asked.reduce((a, b) => a + b, 0n);
        const permitted = total <= CAP_TINYBARS && asked.every((amount, at) => amount === 0n || allowed.includes(pool[at]!));
        const outcome = result.raw.status === 'SUCCESS' ? 'executed' : String(result.raw.errorCode);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        const shown = `${JSON.stringify(transfers)} -> ${outcome}: ${result.humanMessage}`;
        if (outcome === 'executed') {
          expect(permitted, shown).to.equal(true);
          expect(after.map((balance, at) => balance - before[at]!), shown).to.deep.equal(asked);
        } else {
          expect(after, shown).to.deep.equal(before);
          if (outcome === 'E_POLICY_BLOCKED') expect(permitted, shown).to.equal(false);
        }
        // Plainly written calls the policies allow do execute: the property is not passing by refusing everything.
        if (permitted && transfers.length <= 9 && transfers.every((t) => t.spelling === 'plain' || t.spelling === 'spaces')) expect(outcome, shown).to.equal('executed');
      }),
      { numRuns: 80 },
    );
    expect(outcomes.get('executed') ?? 0, JSON.stringify([...outcomes])).to.be.greaterThan(0);
    expect(outcomes.get('E_POLICY_BLOCKED') ?? 0, JSON.stringify([...outcomes])).to.be.greaterThan(0);
  });
});
