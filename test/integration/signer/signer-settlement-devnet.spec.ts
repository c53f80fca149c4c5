import { expect } from 'chai';
import { Hbar, PrivateKey, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { SpendLimitPolicy } from '../../../src/policies/index.js';
import { signerClient } from '../../../src/signer/client/signer-client.js';
import { privateKeySigner } from '../../../src/signer/keys/text-key.js';
import { startSigner } from '../../../src/signer/server/start-signer.js';
import type { RunningSigner } from '../../../src/signer/server/signer-server.js';
import { createSigningJudge, type SigningJudge } from '../../../src/signer/signing-judge.js';
import { redisMissing, startTestRedis, type TestRedis } from '../../support/redis-server.js';

const TOKEN = 'settlement-agent-token-0123456789';
const TEN_HBAR = 1_000_000_000n;
/** The shortest valid window the network takes: the settlement falls due 15 s after the valid start. */
const VALID_SECONDS = 15;

/*
 * A signature reserves its budget; the mirror settles it after the valid window. The operator's
 * budget is 30 HBAR; the agent holds only a token. Bodies it has signed and never submits must not
 * keep the budget spent for the rest of the day, and bodies it holds back and submits later must stay
 * counted. The settlement's clock is moved ahead (the network's is not), so the valid windows "pass"
 * without waiting for them.
 */
describe('policy signer: reservations settled by consensus, read from the mirror (devnet)', function () {
  this.timeout(120_000);
  let net: Devnet;
  let redis: TestRedis | undefined;
  let treasuryKey: PrivateKey;
  const cleanups: (() => Promise<void> | void)[] = [];

  before(async () => {
    net = await startDevnet();
    treasuryKey = PrivateKey.generateED25519();
    if (!redisMissing()) redis = await startTestRedis();
  });

  after(async () => {
    // A restart spec closed its first judge already: a second close may throw, and must not stop the rest.
    for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch(() => undefined);
    await net?.stop();
    await redis?.stop();
  });

  let worlds = 0;

  interface World {
    treasury: string;
    recipient: string;
    judge: SigningJudge;
    agent: Client;
    budget: SpendLimitPolicy;
    /** Moves the settlement's clock ahead by `ms`. */
    shift(ms: number): void;
    /** A 10 HBAR transfer, frozen and signed through the signer, not submitted. */
    signTen(): Promise<TransferTransaction>;
    /** What the treasury's budget holds, committed and reserved, in tinybars. */
    usage(): Promise<{ committed: bigint; pending: bigint }>;
  }

  /** A treasury behind a signer with a 30 HBAR budget in `kind`'s store, and an agent holding a token for it. */
  async function world(kind: 'memory' | 'redis', options: { prefix?: string; treasury?: string } = {}): Promise<World> {
    const prefix = options.prefix ?? `settle-${++worlds}`;
    const treasury = options.treasury ?? (await net.createAccount({ hbar: 200, key: treasuryKey })).accountId;
    const recipient = (await net.createAccount({ hbar: 1 })).accountId;
    const store = kind === 'memory' ? 'memory' : { redis: redis!.url, prefix };
    const budget = new SpendLimitPolicy({ hbar: 30, windowMs: 86_400_000, name: 'treasury', store });
    let shifted = 0;
    const judge = await createSigningJudge({
      policies: [budget],
      store,
      // The test runs each pass itself (intervalMs: an hour).
      settlement: { mirror: net.mirrorUrl, marginMs: 1_000, slotMs: 1_000, lookbackMs: 600_000, intervalMs: 3_600_000, now: () => Date.now() + shifted },
    });
    const signer: RunningSigner = await startSigner({ accountId: treasury, key: privateKeySigner(treasuryKey, 'test key'), judge: (request) => judge.judge(request), tokens: { agent: TOKEN }, network: { grpcAddress: net.grpcAddress, nodeAccountId: '0.0.3' } });
    const agent = await signerClient({ url: signer.url, token: TOKEN });
    cleanups.push(async () => {
      agent.close();
      await signer.close();
      await judge.close();
      await budget.close();
    });
    return {
      treasury,
      recipient,
      judge,
      agent,
      budget,
      shift: (ms) => {
        shifted = ms;
      },
      async signTen() {
        const transfer = new TransferTransaction().addHbarTransfer(treasury, new Hbar(-10)).addHbarTransfer(recipient, new Hbar(10)).setTransactionValidDuration(VALID_SECONDS).freezeWith(agent);
        await transfer.signWithOperator(agent);
        return transfer;
      },
      usage: () => budget.usage(treasury, 'HBAR'),
    };
  }

  /** Submits a transfer the signer signed earlier, answering its receipt's status. */
  async function submit(w: World, transfer: TransferTransaction): Promise<string> {
    const response = await transfer.execute(w.agent);
    return (await response.getReceipt(w.agent)).status.toString();
  }

  /** Waits until the mirror has the transaction (the devnet's mirror follows consensus closely). */
  async function onMirror(transactionId: string): Promise<void> {
    const [account, start] = transactionId.split('@') as [string, string];
    const id = `${account}-${start.replace('.', '-')}`;
    for (let tries = 0; tries < 50; tries++) {
      if ((await fetch(`${net.mirrorUrl}/api/v1/transactions/${id}`)).ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the mirror never showed ${transactionId}`);
  }

  const PAST_THE_WINDOW = (VALID_SECONDS + 10) * 1_000;

  for (const kind of ['memory', 'redis'] as const) {
    describe(`${kind} store`, () => {
      before(function () {
        if (kind === 'redis' && !redis) {
          process.stdout.write(`      (skipped: ${redisMissing()})\n`);
          this.skip();
        }
      });

      it('a body signed and never submitted keeps its 10 HBAR reserved through its window, then gives them back', async () => {
        const w = await world(kind);
        await w.signTen();
        expect(await w.usage()).to.deep.equal({ committed: 0n, pending: TEN_HBAR });
        const early = await w.judge.settlement!.tick();
        expect(early.waiting, 'not due before its valid window has passed').to.equal(1);
        expect(await w.usage()).to.deep.equal({ committed: 0n, pending: TEN_HBAR });
        w.shift(PAST_THE_WINDOW);
        const pass = await w.judge.settlement!.tick();
        expect(pass.released).to.have.length(1);
        expect(pass.committed).to.deep.equal([]);
        expect(await w.usage()).to.deep.equal({ committed: 0n, pending: 0n });
      });

      it('a body signed, held back and submitted later within its window stays counted (committed)', async () => {
        const w = await world(kind);
        const held = await w.signTen();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect(await submit(w, held)).to.equal('SUCCESS');
        await onMirror(held.transactionId!.toString());
        w.shift(PAST_THE_WINDOW);
        const pass = await w.judge.settlement!.tick();
        expect(pass.committed).to.deep.equal([held.transactionId!.toString()]);
        expect(await w.usage()).to.deep.equal({ committed: TEN_HBAR, pending: 0n });
      });

      it('30 HBAR budget: 3 × 10 HBAR signed, only 2 submitted: a 4th is refused until settlement frees the unsent 10 HBAR', async () => {
        const w = await world(kind);
        const signed = [await w.signTen(), await w.signTen(), await w.signTen()];
        const fourth = new TransferTransaction().addHbarTransfer(w.treasury, new Hbar(-10)).addHbarTransfer(w.recipient, new Hbar(10)).setTransactionValidDuration(VALID_SECONDS);
        const refused = await fourth.execute(w.agent).then(
          () => 'signed',
          (error: { code?: string; message?: string }) => error.code ?? error.message,
        );
        expect(refused, 'the three reservations fill the budget').to.equal('E_SIGNER_REFUSED');
        expect(await submit(w, signed[0]!)).to.equal('SUCCESS');
        expect(await submit(w, signed[1]!)).to.equal('SUCCESS');
        await onMirror(signed[1]!.transactionId!.toString());
        w.shift(PAST_THE_WINDOW);
        const pass = await w.judge.settlement!.tick();
        expect(pass.committed).to.have.members([signed[0]!.transactionId!.toString(), signed[1]!.transactionId!.toString()]);
        expect(pass.released).to.deep.equal([signed[2]!.transactionId!.toString()]);
        expect(await w.usage()).to.deep.equal({ committed: 2n * TEN_HBAR, pending: 0n });
        const again = new TransferTransaction().addHbarTransfer(w.treasury, new Hbar(-10)).addHbarTransfer(w.recipient, new Hbar(10));
        expect((await (await again.execute(w.agent)).getReceipt(w.agent)).status.toString(), 'the unsent 10 HBAR are free again').to.equal('SUCCESS');
      });

      it('the mirror down: nothing is released, and it settles once the mirror answers', async () => {
        const w = await world(kind);
        await w.signTen();
        const outage = net.faults.mirror.inject({ path: '/api/v1/transactions', status: 503 });
        try {
          w.shift(PAST_THE_WINDOW);
          const pass = await w.judge.settlement!.tick();
          expect(pass.released).to.deep.equal([]);
          expect(pass.committed).to.deep.equal([]);
          expect(pass.kept).to.have.length(1);
          expect(pass.kept[0]!.reason).to.match(/mirror did not tell/);
          expect(await w.usage()).to.deep.equal({ committed: 0n, pending: TEN_HBAR });
        } finally {
          outage.remove();
        }
        const back = await w.judge.settlement!.tick();
        expect(back.released).to.have.length(1);
        expect(await w.usage()).to.deep.equal({ committed: 0n, pending: 0n });
      });
    });
  }

  describe('redis store: restarts and replicas', () => {
    before(function () {
      if (!redis) {
        process.stdout.write(`      (skipped: ${redisMissing()})\n`);
        this.skip();
      }
    });

    it('a signer restarted before the window passed still settles what it signed (read back from the store)', async () => {
      const first = await world('redis', { prefix: 'restart' });
      await first.signTen();
      await first.judge.close();
      const restarted = await world('redis', { prefix: 'restart', treasury: first.treasury });
      expect(await restarted.usage()).to.deep.equal({ committed: 0n, pending: TEN_HBAR });
      restarted.shift(PAST_THE_WINDOW);
      const pass = await restarted.judge.settlement!.tick();
      expect(pass.released).to.have.length(1);
      expect(await restarted.usage()).to.deep.equal({ committed: 0n, pending: 0n });
    });

    it('two replicas on one Redis settle each transaction once', async () => {
      const one = await world('redis', { prefix: 'replicas' });
      const two = await world('redis', { prefix: 'replicas', treasury: one.treasury });
      const sent = await one.signTen();
      await two.signTen();
      expect(await submit(one, sent)).to.equal('SUCCESS');
      await onMirror(sent.transactionId!.toString());
      one.shift(PAST_THE_WINDOW);
      two.shift(PAST_THE_WINDOW);
      const [a, b] = await Promise.all([one.judge.settlement!.tick(), two.judge.settlement!.tick()]);
      expect([...a.committed, ...b.committed]).to.deep.equal([sent.transactionId!.toString()]);
      expect([...a.released, ...b.released]).to.have.length(1);
      expect([...a.elsewhere, ...b.elsewhere], 'each replica left to the other what it settled').to.have.length(2);
      expect(await one.usage()).to.deep.equal({ committed: TEN_HBAR, pending: 0n });
    });
  });
});
