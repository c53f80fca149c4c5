/*
 * `npm run bench -- signer`: what the policy signer costs. Latency: sequential HBAR transfers with
 * receipts on the embedded devnet, signed in-process by the operator key vs signed through a signer
 * on loopback (judging each body with a spend limit). Throughput: signatures per second of one
 * signer replica whose budget and signed IDs live in a real redis-server, 32 requests in flight, vs
 * the same key signing in-process.
 */
import { Hbar, PrivateKey, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet } from '../src/devnet/index.js';
import { SpendLimitPolicy } from '../src/policies/spend-limit-policy.js';
import { signerClient } from '../src/signer/client/signer-client.js';
import { privateKeySigner } from '../src/signer/keys/text-key.js';
import { createSigningJudge } from '../src/signer/signing-judge.js';
import { startSigner } from '../src/signer/server/start-signer.js';
import { redisMissing, startTestRedis } from '../test/support/redis-server.js';
import { bodyOf } from '../test/support/signing-bodies.js';

export interface SignerBenchRow {
  in_process_ms_per_tx: number;
  signer_ms_per_tx: number;
  added_ms_per_tx: number;
  in_process_signatures_per_s: number;
  signer_redis_signatures_per_s?: number;
  skipped?: string;
}

const TRANSFERS = 40;
const SIGNATURES = 600;
const IN_FLIGHT = 32;
const TOKEN = 'bench-agent-token-0123456789';

async function msPerTransfer(client: Client, from: string, to: string): Promise<number> {
  const start = performance.now();
  for (let at = 0; at < TRANSFERS; at += 1) {
    const response = await new TransferTransaction().addHbarTransfer(from, Hbar.fromTinybars(-1)).addHbarTransfer(to, Hbar.fromTinybars(1)).execute(client);
    await response.getReceipt(client);
  }
  return (performance.now() - start) / TRANSFERS;
}

/** Signatures per second of `sign`, IN_FLIGHT at a time. */
async function signaturesPerSecond(sign: (body: Uint8Array) => Promise<unknown>, payer: string): Promise<number> {
  const bodies = Array.from({ length: SIGNATURES }, () => bodyOf(new TransferTransaction().addHbarTransfer(payer, Hbar.fromTinybars(-1)).addHbarTransfer('0.0.98', Hbar.fromTinybars(1)), { payer }));
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < bodies.length) await sign(bodies[next++]!);
    }),
  );
  return Math.round((SIGNATURES / (performance.now() - start)) * 1000);
}

export async function benchSigner(): Promise<SignerBenchRow> {
  const net = await startDevnet();
  const key = PrivateKey.generateED25519();
  const { accountId } = await net.createAccount({ hbar: 1_000, key });
  const recipient = (await net.createAccount({ hbar: 1 })).accountId;
  const direct = net.client().setOperator(accountId, key);
  const judge = await createSigningJudge({ policies: [new SpendLimitPolicy({ hbar: 1_000_000, windowMs: 86_400_000, store: 'memory' })] });
  const signer = await startSigner({ accountId, key: privateKeySigner(key, 'bench key'), judge: (request) => judge.judge(request), tokens: { bench: TOKEN }, network: { grpcAddress: net.grpcAddress, nodeAccountId: '0.0.3' } });
  const viaSigner = await signerClient({ url: signer.url, token: TOKEN });
  try {
    await msPerTransfer(direct, accountId, recipient); // warm-up
    await msPerTransfer(viaSigner, accountId, recipient);
    const inProcess = await msPerTransfer(direct, accountId, recipient);
    const throughSigner = await msPerTransfer(viaSigner, accountId, recipient);
    const inProcessRate = await signaturesPerSecond(async (body) => key.sign(body), accountId);
    const row: SignerBenchRow = {
      in_process_ms_per_tx: Number(inProcess.toFixed(2)),
      signer_ms_per_tx: Number(throughSigner.toFixed(2)),
      added_ms_per_tx: Number((throughSigner - inProcess).toFixed(2)),
      in_process_signatures_per_s: inProcessRate,
    };
    const missing = redisMissing();
    if (missing) return { ...row, skipped: missing };
    const redis = await startTestRedis();
    const store = { redis: redis.url, prefix: 'signer-bench' };
    const redisJudge = await createSigningJudge({ policies: [new SpendLimitPolicy({ hbar: 1_000_000, windowMs: 86_400_000, name: 'bench', store })], store });
    const replica = await startSigner({ accountId, key: privateKeySigner(key, 'bench key'), judge: (request) => redisJudge.judge(request), tokens: { bench: TOKEN }, network: 'testnet' });
    try {
      const post = async (body: Uint8Array): Promise<void> => {
        const response = await fetch(`${replica.url}/sign`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: JSON.stringify({ bodyBytes: Buffer.from(body).toString('base64') }) });
        if (response.status !== 200) throw new Error(`the bench signer refused: ${await response.text()}`);
      };
      return { ...row, signer_redis_signatures_per_s: await signaturesPerSecond(post, accountId) };
    } finally {
      await replica.close();
      await redisJudge.close();
      await redis.stop();
    }
  } finally {
    viaSigner.close();
    await signer.close();
    await judge.close();
    await net.stop();
  }
}
