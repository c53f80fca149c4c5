/**
 * Devnet throughput: HBAR transfers executed through the official SDK against an embedded devnet, each
 * counted only once its receipt came back, so a "transaction" is a full submit + receipt round trip.
 * The floor, measured in the same run, is a plain grpc-js echo service answering the same two calls
 * with replies of the same sizes, driven the same way (one after another, and 32 in flight).
 */
import * as grpc from '@grpc/grpc-js';
import { proto } from '@hiero-ledger/proto';
import { AccountId, Hbar, Long, TransactionId, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../src/devnet/index.js';
import { startEchoFloor, type WireExchange } from './devnet-echo-floor.js';

/** Round trips per block, blocks per contender: 480 sequential and 1280 concurrent round trips each. */
const SEQUENTIAL = { trips: 40, blocks: 12, inFlight: 1 };
const CONCURRENT = { trips: 320, blocks: 4, inFlight: 32 };
const WARMUP_TX = 50;
const TRANSFER_PATH = '/proto.CryptoService/cryptoTransfer';
const RECEIPT_PATH = '/proto.CryptoService/getTransactionReceipts';

export interface DevnetBenchResult {
  sequential_tx_per_s: number;
  concurrent_tx_per_s: number;
  /** the echo floor: transfer-sized then receipt-sized call, one after another */
  floor_sequential_tx_per_s: number;
  floor_concurrent_tx_per_s: number;
  /** devnet / floor over interleaved blocks; issue 13 asks for at least 1/3 */
  ratio_sequential: number;
  ratio_concurrent: number;
  /** request → reply bytes of the two calls, as the devnet saw and answered them */
  transfer_bytes: string;
  receipt_bytes: string;
}

function transfer(client: Client, from: string, to: string): TransferTransaction {
  return new TransferTransaction().addHbarTransfer(from, Hbar.fromTinybars(-1)).addHbarTransfer(to, Hbar.fromTinybars(1)).freezeWith(client);
}

async function transferWithReceipt(client: Client, from: string, to: string): Promise<void> {
  const response = await transfer(client, from, to).execute(client);
  await response.getReceipt(client);
}

/** Runs `total` round trips with at most `inFlight` outstanding and returns the seconds they took. */
async function timeTrips(roundTrip: () => Promise<void>, total: number, inFlight: number): Promise<number> {
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      await roundTrip();
    }
  };
  const begin = process.hrtime.bigint();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return Number(process.hrtime.bigint() - begin) / 1e9;
}

/**
 * Round trips per second of the devnet and of the floor, taking turns in short blocks: load from other
 * processes comes and goes over seconds, so interleaving lands it on both alike, and each rate is its
 * trips over the summed time of its own blocks.
 */
async function interleaved(devnet: () => Promise<void>, floor: () => Promise<void>, plan: { trips: number; blocks: number; inFlight: number }) {
  let devnetSeconds = 0;
  let floorSeconds = 0;
  for (let block = 0; block < plan.blocks; block++) {
    devnetSeconds += await timeTrips(devnet, plan.trips, plan.inFlight);
    floorSeconds += await timeTrips(floor, plan.trips, plan.inFlight);
  }
  const trips = plan.trips * plan.blocks;
  return { devnet: trips / devnetSeconds, floor: trips / floorSeconds };
}

/**
 * The receipt query as the SDK sends it: even a free query carries an unsigned zero-HBAR payment
 * (QueryBase._makePaymentTransaction), which makes up most of its bytes.
 */
function receiptQuery(transactionId: TransactionId, payer: string): Buffer {
  const node = AccountId.fromString('0.0.3')._toProtobuf();
  const bodyBytes = proto.TransactionBody.encode({
    transactionID: TransactionId.generate(payer)._toProtobuf(), nodeAccountID: node, transactionFee: new Hbar(1).toTinybars(),
    transactionValidDuration: { seconds: Long.fromNumber(120) },
    cryptoTransfer: { transfers: { accountAmounts: [{ accountID: new AccountId(0)._toProtobuf(), amount: Long.ZERO }, { accountID: node, amount: Long.ZERO }] } },
  }).finish();
  const payment = { signedTransactionBytes: proto.SignedTransaction.encode({ bodyBytes }).finish() };
  const query = { transactionGetReceipt: { header: { responseType: proto.ResponseType.ANSWER_ONLY, payment }, transactionID: transactionId._toProtobuf() } };
  return Buffer.from(proto.Query.encode(query).finish());
}

/**
 * One real transfer and its receipt query, sent to the devnet by a raw grpc-js client so that the echo
 * floor replays requests and replies of exactly the sizes the SDK and the devnet exchange.
 */
async function sampleExchanges(net: Devnet, client: Client, to: string): Promise<WireExchange[]> {
  const signed = await transfer(client, net.operatorId, to).signWithOperator(client);
  const [wireTransaction] = proto.TransactionList.decode(signed.toBytes()).transactionList;
  const requests = [
    { path: TRANSFER_PATH, request: Buffer.from(proto.Transaction.encode(wireTransaction!).finish()) },
    { path: RECEIPT_PATH, request: receiptQuery(signed.transactionId!, net.operatorId) },
  ];
  const raw = new grpc.Client(net.grpcAddress, grpc.credentials.createInsecure());
  const identity = (buffer: Buffer): Buffer => buffer;
  try {
    const exchanges: WireExchange[] = [];
    for (const { path, request } of requests) {
      const response = await new Promise<Buffer>((resolve, reject) => {
        raw.makeUnaryRequest(path, identity, identity, request, (error, value) => (error || !value ? reject(error ?? new Error(`${path}: no reply`)) : resolve(value)));
      });
      exchanges.push({ path, request, response });
    }
    // Replaying sizes is only honest if the sample was a real, accepted transfer with a receipt.
    const precheck = proto.TransactionResponse.decode(exchanges[0]!.response).nodeTransactionPrecheckCode;
    const receipt = proto.Response.decode(exchanges[1]!.response).transactionGetReceipt?.receipt?.status;
    if (precheck !== proto.ResponseCodeEnum.OK || receipt !== proto.ResponseCodeEnum.SUCCESS) {
      throw new Error(`devnet bench: the sampled transfer was not accepted (precheck ${precheck}, receipt ${receipt})`);
    }
    return exchanges;
  } finally {
    raw.close();
  }
}

const bytes = ({ request, response }: WireExchange): string => `${request.length}→${response.length}`;

/**
 * Transfer+receipt round trips per second through the SDK against the devnet, one at a time and 32 in
 * flight, next to the echo floor measured in the same run, block for block in turn.
 *
 * @example
 * const { sequential_tx_per_s, ratio_sequential } = await benchDevnet();
 */
export async function benchDevnet(): Promise<DevnetBenchResult> {
  const net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
  try {
    const client = net.client();
    const { accountId } = await net.createAccount({ hbar: 0 });
    const exchanges = await sampleExchanges(net, client, accountId);
    const floor = await startEchoFloor(exchanges);
    try {
      const devnetTrip = () => transferWithReceipt(client, net.operatorId, accountId);
      await timeTrips(devnetTrip, WARMUP_TX, 1);
      await timeTrips(floor.roundTrip, WARMUP_TX, 1);
      const sequential = await interleaved(devnetTrip, floor.roundTrip, SEQUENTIAL);
      const concurrent = await interleaved(devnetTrip, floor.roundTrip, CONCURRENT);
      return {
        sequential_tx_per_s: Math.round(sequential.devnet), concurrent_tx_per_s: Math.round(concurrent.devnet),
        floor_sequential_tx_per_s: Math.round(sequential.floor), floor_concurrent_tx_per_s: Math.round(concurrent.floor),
        ratio_sequential: Number((sequential.devnet / sequential.floor).toFixed(2)), ratio_concurrent: Number((concurrent.devnet / concurrent.floor).toFixed(2)),
        transfer_bytes: bytes(exchanges[0]!), receipt_bytes: bytes(exchanges[1]!),
      };
    } finally {
      floor.stop();
    }
  } finally {
    await net.stop();
  }
}
