/**
 * Devnet throughput: HBAR transfers executed through the official SDK against an embedded devnet, each
 * counted only once its receipt came back, so a "transaction" is a full submit + receipt round trip.
 */
import { Hbar, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet } from '../src/devnet/index.js';

const SEQUENTIAL_TX = 200;
const CONCURRENT_TX = 640;
const IN_FLIGHT = 32;
const WARMUP_TX = 20;

async function transferWithReceipt(client: Client, from: string, to: string): Promise<void> {
  const response = await new TransferTransaction().addHbarTransfer(from, Hbar.fromTinybars(-1)).addHbarTransfer(to, Hbar.fromTinybars(1)).execute(client);
  await response.getReceipt(client);
}

/** Runs `total` transfers with at most `inFlight` outstanding and returns transfers per second. */
async function measure(client: Client, from: string, to: string, total: number, inFlight: number): Promise<number> {
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      await transferWithReceipt(client, from, to);
    }
  };
  const begin = process.hrtime.bigint();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
  return Math.round(total / seconds);
}

/**
 * Sequential transfer+receipt round trips per second, and throughput with 32 transfers in flight.
 *
 * @example
 * const { sequential_tx_per_s, concurrent_tx_per_s } = await benchDevnet();
 */
export async function benchDevnet(): Promise<{ sequential_tx_per_s: number; concurrent_tx_per_s: number }> {
  const net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
  try {
    const client = net.client();
    const { accountId } = await net.createAccount({ hbar: 0 });
    await measure(client, net.operatorId, accountId, WARMUP_TX, 1);
    const sequential = await measure(client, net.operatorId, accountId, SEQUENTIAL_TX, 1);
    const concurrent = await measure(client, net.operatorId, accountId, CONCURRENT_TX, IN_FLIGHT);
    return { sequential_tx_per_s: sequential, concurrent_tx_per_s: concurrent };
  } finally {
    await net.stop();
  }
}
