import { expect } from 'chai';
import fc from 'fast-check';
import { AccountId, EvmAddress, Hbar, Long, PrivateKey, type Client } from '@hiero-ledger/sdk';
import { createAgentKit, type AgentKit } from '../../../src/index.js';
import { ExpressionPolicy, MaxTransferPolicy, RecipientAllowlistPolicy, RecipientDenylistPolicy, anyOf } from '../../../src/policies/index.js';
import { pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';
import { ShapeTool } from './value-policy-kit.js';

/** Ways one account can be written in normalised params; the last two name it only through the network. */
const SPELLINGS = ['plain', 'padded', 'checksum', 'spaces', 'object', 'longZeroHex', 'longZeroObject', 'resolvedEvm', 'unresolvedEvm', 'aliasKey'] as const;
type Spelling = (typeof SPELLINGS)[number];
const UNRESOLVABLE: ReadonlySet<Spelling> = new Set(['unresolvedEvm', 'aliasKey']);
const ALIAS_KEY = PrivateKey.generateED25519().publicKey;

function spell(num: number, spelling: Spelling): unknown {
  const hex = num.toString(16).padStart(40, '0');
  switch (spelling) {
    case 'plain': return `0.0.${num}`;
    case 'padded': return `0.0.${String(num).padStart(8, '0')}`;
    case 'checksum': return `0.0.${num}-abcde`;
    case 'spaces': return `\t0.0.${num} `;
    case 'object': return AccountId.fromString(`0.0.${num}`);
    case 'longZeroHex': return `0x${hex}`;
    case 'longZeroObject': return new AccountId(0, 0, 0, undefined, EvmAddress.fromString(hex));
    case 'resolvedEvm': {
      const id = AccountId.fromEvmAddress(0, 0, `0x7${hex.slice(1)}`);
      id.num = Long.fromNumber(num);
      return id;
    }
    case 'unresolvedEvm': return AccountId.fromEvmAddress(0, 0, `0x7${hex.slice(1)}`);
    case 'aliasKey': return ALIAS_KEY.toAccountId(0, 0);
  }
}

const PAYER = 2;
const entry = fc.record({ num: fc.integer({ min: 2, max: 9 }), spelling: fc.constantFrom(...SPELLINGS), tinybars: fc.bigInt({ min: 1n, max: 10n ** 12n }) });
const spellingOf = fc.constantFrom(...SPELLINGS);

interface Case {
  credits: { num: number; spelling: Spelling; tinybars: bigint }[];
  payerSpelling: Spelling;
  cap: bigint;
  allowed: number[];
  denied: number[];
}

/** What the ledger would move, computed independently of the policies: net change per account. */
function oracle(c: Case): { readable: boolean; total: bigint; recipients: number[] } {
  const readable = !UNRESOLVABLE.has(c.payerSpelling) && c.credits.every((credit) => !UNRESOLVABLE.has(credit.spelling));
  const net = new Map<number, bigint>();
  let sum = 0n;
  for (const credit of c.credits) {
    net.set(credit.num, (net.get(credit.num) ?? 0n) + credit.tinybars);
    sum += credit.tinybars;
  }
  net.set(PAYER, (net.get(PAYER) ?? 0n) - sum);
  const recipients = [...net].filter(([, amount]) => amount > 0n).map(([num]) => num);
  const total = [...net.values()].filter((amount) => amount > 0n).reduce((a, b) => a + b, 0n);
  return { readable, total, recipients };
}

function paramsOf(c: Case) {
  const sum = c.credits.reduce((total, credit) => total + credit.tinybars, 0n);
  return {
    hbarTransfers: [
      ...c.credits.map((credit) => ({ accountId: spell(credit.num, credit.spelling), amount: Hbar.fromTinybars(Long.fromString(String(credit.tinybars))) })),
      { accountId: spell(PAYER, c.payerSpelling), amount: Hbar.fromTinybars(Long.fromString(String(-sum))) },
    ],
  };
}

describe('value policies under random and adversarial transfer lists', () => {
  let client: Client;
  const kits: AgentKit[] = [];
  beforeEach(() => (client = offlineClient()));
  afterEach(async () => {
    await Promise.all(kits.splice(0).map((kit) => kit.close()));
    client.close();
  });

  const caseOf = (maxCredits: number) =>
    fc.record({
      credits: fc.array(entry, { minLength: 1, maxLength: maxCredits }),
      payerSpelling: spellingOf,
      cap: fc.bigInt({ min: 0n, max: 5n * 10n ** 12n }),
      allowed: fc.subarray([3, 4, 5, 6, 7, 8, 9]),
      denied: fc.subarray([3, 4, 5, 6, 7, 8, 9], { maxLength: 2 }),
    });

  /** Outcomes seen, so a property that only ever saw one of them fails instead of passing vacuously. */
  const seen = new Map<string, number>();
  const tally = (outcome: string) => seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
  afterEach(function () {
    if (this.currentTest?.state === 'passed') expect([...seen.keys()].sort(), this.currentTest.title).to.deep.equal(['E_POLICY_BLOCKED', 'executed']);
    seen.clear();
  });

  async function judge(c: Case, hooks: unknown[]): Promise<string> {
    let shape: unknown;
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('shapes', new ShapeTool('transfer_hbar_tool', () => shape))], context: { hooks } });
    kits.push(kit);
    shape = paramsOf(c);
    const result = await kit.execute('transfer_hbar_tool', {});
    await kit.close();
    kits.pop();
    const outcome = result.raw.status === 'SUCCESS' ? 'executed' : String(result.raw.errorCode);
    tally(outcome);
    return outcome;
  }

  const cap = (c: Case) => new MaxTransferPolicy({ hbar: (Number(c.cap) / 1e8).toFixed(8) });
  const list = (nums: number[]) => nums.map((num) => `0.0.${num}`);

  it('executes exactly the transfers a cap and an allowlist allow, however accounts are spelled or repeated', async () => {
    await fc.assert(
      fc.asyncProperty(caseOf(40), async (c) => {
        fc.pre(c.allowed.length > 0);
        const expected = oracle(c);
        const allow = expected.readable && expected.total <= c.cap && expected.recipients.every((num) => c.allowed.includes(num));
        const outcome = await judge(c, [cap(c), new RecipientAllowlistPolicy(list(c.allowed))]);
        expect(outcome, JSON.stringify(c, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).to.equal(allow ? 'executed' : 'E_POLICY_BLOCKED');
      }),
      { numRuns: 150 },
    );
  });

  it('never lets a denied account receive, alone or composed, and never reads an unresolvable account as someone else', async () => {
    await fc.assert(
      fc.asyncProperty(caseOf(30), async (c) => {
        fc.pre(c.denied.length > 0 && c.allowed.length > 0);
        const expected = oracle(c);
        const denied = expected.recipients.some((num) => c.denied.includes(num));
        const perMove = new ExpressionPolicy({ expression: `movements.all(m, m.amount <= ${c.cap})`, message: 'too much to one account' });
        const composed = anyOf(new RecipientAllowlistPolicy(list(c.allowed)), perMove);
        const outcome = await judge(c, [new RecipientDenylistPolicy(list(c.denied)), composed]);
        const viaAnyOf = expected.recipients.every((num) => c.allowed.includes(num)) || netPerRecipientWithin(c, c.cap);
        const allow = expected.readable && !denied && viaAnyOf;
        expect(outcome, JSON.stringify(c, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).to.equal(allow ? 'executed' : 'E_POLICY_BLOCKED');
      }),
      { numRuns: 150 },
    );
  });

  it('holds on huge lists', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 500, maxLength: 3000 }), fc.bigInt({ min: 0n, max: 10n ** 15n }), async (credits, limit) => {
        const c: Case = { credits: credits.map((credit) => ({ ...credit, spelling: UNRESOLVABLE.has(credit.spelling) ? 'plain' : credit.spelling })), payerSpelling: 'object', cap: limit, allowed: [3, 4, 5, 6, 7, 8, 9], denied: [] };
        const expected = oracle(c);
        const outcome = await judge(c, [cap(c), new RecipientAllowlistPolicy(list([2, ...c.allowed]))]);
        expect(outcome).to.equal(expected.total <= c.cap ? 'executed' : 'E_POLICY_BLOCKED');
      }),
      { numRuns: 8 },
    );
    // Eight random caps can all fall on one side of their totals: one huge list is also judged 1 HBAR
    // under and at its total, so both outcomes are always seen.
    const [credits] = fc.sample(fc.array(entry, { minLength: 1000, maxLength: 1000 }), { numRuns: 1, seed: 1 });
    const base: Case = { credits: credits!.map((credit) => ({ ...credit, spelling: UNRESOLVABLE.has(credit.spelling) ? 'plain' : credit.spelling })), payerSpelling: 'object', cap: 0n, allowed: [3, 4, 5, 6, 7, 8, 9], denied: [] };
    const { total } = oracle(base);
    for (const [limit, expected] of [[total - 100_000_000n, 'E_POLICY_BLOCKED'], [total, 'executed']] as const) {
      const c = { ...base, cap: limit };
      expect(await judge(c, [cap(c), new RecipientAllowlistPolicy(list([2, ...c.allowed]))])).to.equal(expected);
    }
  });
});

/** Whether each recipient's net credit is within the per-movement cap (one payer, so one movement per recipient). */
function netPerRecipientWithin(c: Case, limit: bigint): boolean {
  const net = new Map<number, bigint>();
  let sum = 0n;
  for (const credit of c.credits) {
    net.set(credit.num, (net.get(credit.num) ?? 0n) + credit.tinybars);
    sum += credit.tinybars;
  }
  net.set(PAYER, (net.get(PAYER) ?? 0n) - sum);
  return [...net.values()].every((amount) => amount <= limit);
}
