import { expect } from 'chai';
import { proto } from '@hiero-ledger/proto';
import { FreezeType, Long, Timestamp, BatchTransaction, FreezeTransaction, Hbar, PrivateKey, PrngTransaction, ScheduleCreateTransaction, ScheduleSignTransaction, TransferTransaction, type Transaction } from '@hiero-ledger/sdk';
import { createSigningJudge, type SigningJudge, type SigningJudgeOptions } from '../../../src/signer/index.js';
import { MaxTransferPolicy } from '../../../src/policies/max-transfer-policy.js';
import { RecipientDenylistPolicy } from '../../../src/policies/recipient-list-policies.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { RedisPolicyStore } from '../../../src/policies/state/redis-store.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';
import { bodiesOf, bodyOf, freshTransactionId } from '../../support/signing-bodies.js';

const PAYER = '0.0.1001';
const ATTACKER = '0.0.6666';
const HOUR = 3_600_000;

function hbarTransfer(hbar: number, to = '0.0.1002', from = PAYER): TransferTransaction {
  return new TransferTransaction().addHbarTransfer(from, new Hbar(-hbar)).addHbarTransfer(to, new Hbar(hbar));
}

/** An inner transaction of an atomic batch: frozen with its batch key, as BatchTransaction requires. */
function batched(transaction: Transaction, batchKey: PrivateKey): Transaction {
  return transaction.setBatchKey(batchKey.publicKey).setTransactionId(freshTransactionId(PAYER)).freeze();
}

/** A scheduled HBAR transfer from the payer, as a ScheduleInfo's SchedulableTransactionBody. */
function scheduledTransfer(hbar: number): proto.ISchedulableTransactionBody {
  const line = (accountNum: number, tinybars: number) => ({ accountID: { accountNum: Long.fromNumber(accountNum) }, amount: Long.fromNumber(tinybars) });
  return { cryptoTransfer: { transfers: { accountAmounts: [line(1001, -hbar * 100_000_000), line(1002, hbar * 100_000_000)] } } };
}

describe('createSigningJudge: the policy signer judges the bytes it is asked to sign', () => {
  const judges: SigningJudge[] = [];
  async function judgeWith(options: Partial<SigningJudgeOptions> = {}): Promise<SigningJudge> {
    const judge = await createSigningJudge({ policies: [new MaxTransferPolicy({ hbar: 5 }), new RecipientDenylistPolicy([ATTACKER])], ...options });
    judges.push(judge);
    return judge;
  }
  afterEach(async () => {
    await Promise.all(judges.splice(0).map((judge) => judge.close()));
  });

  it('signs a transfer within the policies and refuses one over the cap, naming the policy', async () => {
    const judge = await judgeWith();
    expect(await judge.judge({ bodyBytes: bodyOf(hbarTransfer(2)), agent: 'agent-1' })).to.deep.equal({ sign: true });
    const refused = await judge.judge({ bodyBytes: bodyOf(hbarTransfer(6)), agent: 'agent-1' });
    expect(refused.sign).to.equal(false);
    expect((refused as { reason: string }).reason).to.match(/Max Transfer/i);
  });

  it('refuses garbage, an empty body and a body with fields it does not know, saying it cannot read them', async () => {
    const judge = await judgeWith();
    for (const bodyBytes of [new Uint8Array([0xff, 0xff, 0xff]), new Uint8Array(), Buffer.concat([Buffer.from(bodyOf(hbarTransfer(1))), Buffer.from([0xb8, 0x3e, 0x01])])]) {
      const verdict = await judge.judge({ bodyBytes, agent: 'agent-1' });
      expect(verdict.sign).to.equal(false);
      expect((verdict as { reason: string }).reason).to.match(/^the body cannot be read/);
    }
  });

  it('refuses a type it cannot judge unless the configuration allows it by name', async () => {
    const freeze = () => bodyOf(new FreezeTransaction().setFreezeType(FreezeType.FreezeOnly).setStartTimestamp(Timestamp.fromDate(new Date(Date.now() + 60_000))));
    const strict = await judgeWith();
    const verdict = await strict.judge({ bodyBytes: freeze(), agent: 'agent-1' });
    expect((verdict as { reason: string }).reason).to.match(/freeze is network administration.*refused/);
    const allowing = await judgeWith({ allowTypes: ['freeze'] });
    expect(await allowing.judge({ bodyBytes: freeze(), agent: 'agent-1' })).to.deep.equal({ sign: true });
    expect(await strict.judge({ bodyBytes: bodyOf(new PrngTransaction()), agent: 'agent-1' })).to.deep.equal({ sign: true });
  });

  it('refuses an atomic batch that hides an over-cap transfer or a payment to a denied account among small ones', async () => {
    const judge = await judgeWith();
    const batchKey = PrivateKey.generateED25519();
    const hiding = new BatchTransaction().addInnerTransaction(batched(hbarTransfer(1), batchKey)).addInnerTransaction(batched(hbarTransfer(50), batchKey));
    const overCap = await judge.judge({ bodyBytes: bodyOf(hiding), agent: 'agent-1' });
    expect((overCap as { reason: string }).reason).to.match(/Max Transfer/i);
    const toAttacker = new BatchTransaction().addInnerTransaction(batched(hbarTransfer(1), batchKey)).addInnerTransaction(batched(hbarTransfer(1, ATTACKER), batchKey));
    expect((await judge.judge({ bodyBytes: bodyOf(toAttacker), agent: 'agent-1' })).sign).to.equal(false);
    const fine = new BatchTransaction().addInnerTransaction(batched(hbarTransfer(1), batchKey)).addInnerTransaction(batched(hbarTransfer(2), batchKey));
    expect(await judge.judge({ bodyBytes: bodyOf(fine), agent: 'agent-1' })).to.deep.equal({ sign: true });
  });

  it('refuses a ScheduleCreate wrapping an over-cap transfer', async () => {
    const judge = await judgeWith();
    const wrapped = new ScheduleCreateTransaction().setScheduledTransaction(hbarTransfer(50));
    expect((await judge.judge({ bodyBytes: bodyOf(wrapped), agent: 'agent-1' })).sign).to.equal(false);
    expect(await judge.judge({ bodyBytes: bodyOf(new ScheduleCreateTransaction().setScheduledTransaction(hbarTransfer(1))), agent: 'agent-1' })).to.deep.equal({ sign: true });
  });

  it('judges a ScheduleSign by the schedule body the ledger holds, read through the injected lookup', async () => {
    const held = new Map<string, proto.ISchedulableTransactionBody>([
      ['0.0.9001', scheduledTransfer(50)],
      ['0.0.9002', scheduledTransfer(1)],
    ]);
    const asked: string[] = [];
    const judge = await judgeWith({
      scheduleBody: async (scheduleId) => {
        asked.push(scheduleId);
        const body = held.get(scheduleId);
        return body && { body: proto.SchedulableTransactionBody.encode(body).finish(), payer: PAYER };
      },
    });
    const sign = (id: string) => judge.judge({ bodyBytes: bodyOf(new ScheduleSignTransaction().setScheduleId(id)), agent: 'agent-1' });
    expect((await sign('0.0.9001')).sign).to.equal(false);
    expect(await sign('0.0.9002')).to.deep.equal({ sign: true });
    expect((await sign('0.0.9003')) as { reason: string }).to.have.property('reason').match(/no body on the ledger/);
    expect(asked).to.deep.equal(['0.0.9001', '0.0.9002', '0.0.9003']);
    const blind = await judgeWith();
    expect((await blind.judge({ bodyBytes: bodyOf(new ScheduleSignTransaction().setScheduleId('0.0.9002')), agent: 'agent-1' })).sign).to.equal(false);
  });

  it('signs the other node bodies of a signed transaction without counting it again', async () => {
    const judge = await judgeWith({ policies: [new SpendLimitPolicy({ hbar: 3, windowMs: HOUR, store: 'memory' })] });
    const bodies = bodiesOf(hbarTransfer(2));
    for (const bodyBytes of bodies) expect(await judge.judge({ bodyBytes, agent: 'agent-1' })).to.deep.equal({ sign: true });
    // 2 of 3 HBAR spent, once: a second 1 HBAR transfer still fits, a 2 HBAR one does not.
    expect((await judge.judge({ bodyBytes: bodyOf(hbarTransfer(2)), agent: 'agent-1' })).sign).to.equal(false);
    expect(await judge.judge({ bodyBytes: bodyOf(hbarTransfer(1)), agent: 'agent-1' })).to.deep.equal({ sign: true });
  });

  it('refuses a different body under a transaction ID it already signed (no swapping an approved body)', async () => {
    const judge = await judgeWith();
    const id = freshTransactionId(PAYER);
    expect(await judge.judge({ bodyBytes: bodyOf(hbarTransfer(1), { transactionId: id }), agent: 'agent-1' })).to.deep.equal({ sign: true });
    const swapped = await judge.judge({ bodyBytes: bodyOf(hbarTransfer(1, '0.0.1003'), { transactionId: id }), agent: 'agent-1' });
    expect((swapped as { reason: string }).reason).to.match(/another body was already signed under transaction ID/);
  });

  it('refuses a body whose valid start lies far ahead, to be held back and sent later', async () => {
    const judge = await judgeWith();
    const later = await judge.judge({ bodyBytes: bodyOf(hbarTransfer(1), { transactionId: freshTransactionId(PAYER, HOUR) }), agent: 'agent-1' });
    expect((later as { reason: string }).reason).to.match(/ahead/);
  });

  it('obeys the kill switch: a pause refuses every signing, a node body of an ID signed before it included', async () => {
    const judge = await judgeWith({ killSwitch: {} });
    const bodies = bodiesOf(hbarTransfer(1));
    expect(await judge.judge({ bodyBytes: bodies[0]!, agent: 'agent-1' })).to.deep.equal({ sign: true });
    await judge.kit.pause('incident 7');
    for (const bodyBytes of [bodyOf(hbarTransfer(1)), bodies[1]!]) {
      const paused = await judge.judge({ bodyBytes, agent: 'agent-1' });
      expect((paused as { reason: string }).reason).to.match(/incident 7/);
    }
  });

  it('40 concurrent 1 HBAR transfers against a 30 HBAR budget in memory: exactly 30 signed', async () => {
    const judge = await judgeWith({ policies: [new SpendLimitPolicy({ hbar: 30, windowMs: HOUR, store: 'memory' })] });
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => judge.judge({ bodyBytes: bodyOf(hbarTransfer(1)), agent: 'agent-1' })));
    expect(verdicts.filter((verdict) => verdict.sign)).to.have.length(30);
  });

  describe('on a real redis-server, two replicas', function () {
    let redis: TestRedis;
    before(async function () {
      skipWithoutRedis(this);
      redis = await startTestRedis();
    });
    after(async () => {
      await redis?.stop();
    });

    async function replica(prefix: string): Promise<SigningJudge> {
      const store = new RedisPolicyStore({ url: redis.url, prefix });
      const judge = await createSigningJudge({ policies: [new SpendLimitPolicy({ hbar: 30, windowMs: HOUR, store, name: 'signer-budget' })], store });
      judges.push(judge);
      return judge;
    }

    it('40 concurrent 1 HBAR transfers split over two replicas against one 30 HBAR budget: exactly 30 signed', async () => {
      const [a, b] = [await replica('budget40'), await replica('budget40')];
      const verdicts = await Promise.all(Array.from({ length: 40 }, (_, at) => (at % 2 ? a : b).judge({ bodyBytes: bodyOf(hbarTransfer(1)), agent: 'agent-1' })));
      expect(verdicts.filter((verdict) => verdict.sign)).to.have.length(30);
    });

    it('a transaction ID is judged once across replicas: node bodies sign on either, a swapped body is refused on either', async () => {
      const [a, b] = [await replica('ids'), await replica('ids')];
      const id = freshTransactionId(PAYER);
      const bodies = bodiesOf(hbarTransfer(20), { transactionId: id });
      const verdicts = await Promise.all(bodies.map((bodyBytes, at) => (at % 2 ? a : b).judge({ bodyBytes, agent: 'agent-1' })));
      expect(verdicts).to.deep.equal(bodies.map(() => ({ sign: true })));
      const swapped = await b.judge({ bodyBytes: bodyOf(hbarTransfer(1, '0.0.1003'), { transactionId: id }), agent: 'agent-1' });
      expect(swapped.sign).to.equal(false);
      // Counted once: 20 of 30 spent, so 10 more fit and 11 do not.
      expect((await a.judge({ bodyBytes: bodyOf(hbarTransfer(11)), agent: 'agent-1' })).sign).to.equal(false);
      expect(await b.judge({ bodyBytes: bodyOf(hbarTransfer(10)), agent: 'agent-1' })).to.deep.equal({ sign: true });
    });
  });
});
