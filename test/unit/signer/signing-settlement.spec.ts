import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hbar, TransferTransaction } from '@hiero-ledger/sdk';
import { RecipientAllowlistPolicy, RejectToolPolicy, SpendLimitPolicy, allOf } from '../../../src/policies/index.js';
import { createSigningJudge, type SigningJudge } from '../../../src/signer/signing-judge.js';
import { bodyOf } from '../../support/signing-bodies.js';

const PAYER = '0.0.1001';
const TEN_HBAR = 1_000_000_000n;
/** A port nothing listens on: a mirror these specs never reach. */
const NO_MIRROR = 'http://127.0.0.1:9';

/*
 * How the judge hands a signature's reservation to settlement, where no mirror is needed: without
 * a settlement it commits at once (never under-counts), a budget whose window is shorter than the
 * valid window commits at once too, and an operator who knows the outcome settles it by hand.
 */
describe('signing judge: what a signature leaves reserved', function () {
  this.timeout(20_000);
  let judge: SigningJudge | undefined;
  let budget: SpendLimitPolicy | undefined;

  afterEach(async () => {
    await judge?.close();
    await budget?.close();
    judge = budget = undefined;
  });

  const tenHbar = (): Uint8Array => bodyOf(new TransferTransaction().addHbarTransfer(PAYER, new Hbar(-10)).addHbarTransfer('0.0.1002', new Hbar(10)), { payer: PAYER });
  const transactionIdOf = (bodyBytes: Uint8Array): Promise<string> => import('../../../src/signer/describe-body.js').then(({ describeBody }) => describeBody(bodyBytes).transactionId);

  it('without a settlement, a signature is committed at once: an unsent body stays counted (never under-counted)', async () => {
    budget = new SpendLimitPolicy({ hbar: 30, windowMs: 86_400_000 });
    judge = await createSigningJudge({ policies: [budget] });
    expect(await judge.judge({ bodyBytes: tenHbar(), agent: 'agent-1' })).to.deep.equal({ sign: true });
    expect(await budget.usage(PAYER)).to.deep.equal({ committed: TEN_HBAR, pending: 0n });
    expect(judge.settlement).to.equal(undefined);
    const settled = await judge.settle('0.0.1001@1.0', 'expired');
    expect(settled.released).to.equal(false);
    expect(settled.note).to.match(/no settlement option/);
  });

  it('settles a budget inside a composition as one outside it: committed at once, or held for the settlement', async () => {
    budget = new SpendLimitPolicy({ hbar: 30, windowMs: 86_400_000 });
    judge = await createSigningJudge({ policies: [allOf(new RecipientAllowlistPolicy(['0.0.1002']), allOf(new RejectToolPolicy(['no_such_tool']), budget))] });
    expect(await judge.judge({ bodyBytes: tenHbar(), agent: 'agent-1' })).to.deep.equal({ sign: true });
    expect(await budget.usage(PAYER), 'committed, not left pending until it lapses').to.deep.equal({ committed: TEN_HBAR, pending: 0n });
    await judge.close();
    await budget.close();
    budget = new SpendLimitPolicy({ hbar: 30, windowMs: 86_400_000 });
    judge = await createSigningJudge({ policies: [allOf(budget)], settlement: { mirror: NO_MIRROR, intervalMs: 3_600_000 } });
    const body = tenHbar();
    expect(await judge.judge({ bodyBytes: body, agent: 'agent-1' })).to.deep.equal({ sign: true });
    const transactionId = await transactionIdOf(body);
    expect((await judge.settle(transactionId, 'expired')).released).to.equal(true);
    expect(await budget.usage(PAYER)).to.deep.equal({ committed: 0n, pending: 0n });
  });

  it('with a settlement, a signature stays reserved, and an operator who knows it expired releases it by hand', async () => {
    budget = new SpendLimitPolicy({ hbar: 30, windowMs: 86_400_000 });
    judge = await createSigningJudge({ policies: [budget], settlement: { mirror: NO_MIRROR, intervalMs: 3_600_000 } });
    const body = tenHbar();
    expect(await judge.judge({ bodyBytes: body, agent: 'agent-1' })).to.deep.equal({ sign: true });
    // Another node's body of the same transaction is signed without reserving again.
    expect(await judge.judge({ bodyBytes: body, agent: 'agent-1' })).to.deep.equal({ sign: true });
    expect(await budget.usage(PAYER)).to.deep.equal({ committed: 0n, pending: TEN_HBAR });
    const transactionId = await transactionIdOf(body);
    expect(await judge.settle(transactionId, 'expired')).to.deep.equal({ released: true, note: `${transactionId} released` });
    expect(await budget.usage(PAYER)).to.deep.equal({ committed: 0n, pending: 0n });
    const again = await judge.settle(transactionId, 'reached');
    expect(again.released, 'settled once: a second outcome changes nothing').to.equal(false);
    expect(await budget.usage(PAYER)).to.deep.equal({ committed: 0n, pending: 0n });
  });

  it('a budget whose window is shorter than the valid window would lose the reservation before settlement: committed at once instead', async () => {
    budget = new SpendLimitPolicy({ hbar: 30, windowMs: 60_000 });
    judge = await createSigningJudge({ policies: [budget], settlement: { mirror: NO_MIRROR, intervalMs: 3_600_000 } });
    expect(await judge.judge({ bodyBytes: tenHbar(), agent: 'agent-1' })).to.deep.equal({ sign: true });
    expect(await budget.usage(PAYER)).to.deep.equal({ committed: TEN_HBAR, pending: 0n });
    const pass = await judge.settlement!.tick();
    expect(pass.waiting, 'nothing was filed for settlement').to.equal(0);
  });

  it('SQLite: a restarted signer reads the pending settlement back from the file, keeps it while the mirror is unreachable, and settles it once told', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'signer-settle-'));
    try {
      const store = { sqlite: join(folder, 'state.sqlite') };
      budget = new SpendLimitPolicy({ hbar: 30, windowMs: 86_400_000, store, name: 'treasury' });
      judge = await createSigningJudge({ policies: [budget], store, settlement: { mirror: NO_MIRROR, intervalMs: 3_600_000, slotMs: 1_000 } });
      const body = tenHbar();
      expect(await judge.judge({ bodyBytes: body, agent: 'agent-1' })).to.deep.equal({ sign: true });
      await judge.close();
      await budget.close();
      // The restart: new processes' worth of objects over the same file, its clock past the valid window and the margin.
      budget = new SpendLimitPolicy({ hbar: 30, windowMs: 86_400_000, store, name: 'treasury' });
      judge = await createSigningJudge({ policies: [budget], store, settlement: { mirror: NO_MIRROR, intervalMs: 3_600_000, slotMs: 1_000, now: () => Date.now() + 300_000 } });
      expect(await budget.usage(PAYER)).to.deep.equal({ committed: 0n, pending: TEN_HBAR });
      const pass = await judge.settlement!.tick();
      const transactionId = await transactionIdOf(body);
      expect(pass.kept.map((each) => each.transactionId)).to.deep.equal([transactionId]);
      expect(pass.kept[0]!.reason).to.match(/mirror did not tell.*kept reserved/);
      expect(await budget.usage(PAYER), 'an unreachable mirror releases nothing').to.deep.equal({ committed: 0n, pending: TEN_HBAR });
      expect((await judge.settle(transactionId, 'reached')).note).to.equal(`${transactionId} committed`);
      expect(await budget.usage(PAYER)).to.deep.equal({ committed: TEN_HBAR, pending: 0n });
    } finally {
      await judge?.close();
      await budget?.close();
      judge = budget = undefined;
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses a settlement it cannot use, naming the field and what it takes', async () => {
    const refusal = (options: Parameters<typeof createSigningJudge>[0]): Promise<string> =>
      createSigningJudge(options).then(
        async (made) => {
          await made.close();
          return 'accepted';
        },
        (error: Error) => error.message,
      );
    expect(await refusal({ policies: [], settlement: { mirror: 'mirror.example.com' } })).to.match(/settlement.*mirror.*mirror node URL such as https:\/\/testnet\.mirrornode\.hedera\.com/s);
    expect(await refusal({ policies: [], settlement: { mirror: NO_MIRROR, marginSeconds: 30 } as never })).to.match(/marginSeconds/);
  });
});
