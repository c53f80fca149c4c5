import { AccountCreateTransaction, Hbar, PrivateKey, type Client } from '@hiero-ledger/sdk';
import { createDevnetClient } from './devnet-client.js';
import { deployFactories, type DevnetContracts } from './evm/factories.js';
import { DevnetFaults } from './faults.js';
import { HapiServer } from './grpc/grpc-server.js';
import { QueryProcessor } from './grpc/query-processor.js';
import { listRpcMethods } from './grpc/service-table.js';
import { checkRateEquivalent, type RateEquivalent } from './ledger/exchange-rate.js';
import { TRANSACTION_HANDLERS } from './ledger/handlers.js';
import { FEE_COLLECTOR_NUM, Ledger, NODE_NUM, OPERATOR_NUM } from './ledger/ledger.js';
import type { RunningHashFormat } from './ledger/running-hash.js';
import { seedSystemFiles } from './ledger/system-files.js';
import { TransactionProcessor } from './ledger/transaction-processor.js';
import { MirrorGrpcServer } from './mirror/mirror-grpc.js';
import { MIRROR_GRPC_PATHS } from './mirror/mirror-grpc-paths.js';
import { MirrorServer } from './mirror/mirror-server.js';
import { MIRROR_ROUTES } from './mirror/routes.js';

/** Options of {@link startDevnet}; every field is optional. */
export interface DevnetOptions {
  /** gRPC port on 127.0.0.1; 0 (default) picks a free port. Avoid 50212: the SDK uses TLS there. */
  grpcPort?: number;
  /** mirror REST port on 127.0.0.1; 0 (default) picks a free port */
  mirrorPort?: number;
  /**
   * mirror gRPC port on 127.0.0.1 (`TopicMessageQuery.subscribe`); 0 (default) picks a free port.
   * Clients from {@link Devnet.client} already point their mirror network at it. Avoid 443 and
   * 50212: the SDK speaks TLS to those, the devnet does not. A real local mirror uses 5600.
   */
  mirrorGrpcPort?: number;
  /** operator key of 0.0.2; a fresh ED25519 key by default */
  operatorKey?: PrivateKey;
  /** operator balance in HBAR (default 50 000 000, so tinybar balances stay exact as JSON numbers in mirror answers) */
  operatorHbar?: number;
  /**
   * fee charged to the payer of every transaction, in tinybars at the starting exchange rate (default
   * 100 000 = 0.001 ℏ, i.e. $0.0001 at 10 ¢ per HBAR). As on the network, the price is fixed in cents:
   * when the rate changes, the tinybars charged change with it.
   */
  transactionFeeTinybars?: number;
  /** cost of every paid query, in tinybars at the starting exchange rate (default 10 000); follows the rate like the transaction fee */
  queryFeeTinybars?: number;
  /**
   * The exchange rate at start, in the network's own terms (file 0.0.112, the mirror's
   * `hbar_equivalent` / `cent_equivalent`): `hbarEquiv` HBAR are worth `centEquiv` US cents. Default
   * `{ hbarEquiv: 30000, centEquiv: 300000 }` (10 ¢ per HBAR). Change it later with {@link Devnet.setExchangeRate}.
   */
  exchangeRate?: RateEquivalent;
  /**
   * Topic running-hash layout: `'java-serialized'` (default; byte-exact with Hedera services, which
   * hash the fields through Java's ObjectOutputStream, so verifiers tested here work on real-network
   * data) or `'concatenated'` (the fields simply concatenated, as the receipt proto comment lists them).
   */
  topicRunningHash?: RunningHashFormat;
  /** random source for probabilistic faults (default Math.random) */
  random?: () => number;
  /**
   * The ledger's clock in milliseconds since the epoch (default Date.now). Consensus timestamps, schedule
   * expiry and transaction validity windows follow it, so a test can move time forward to expire schedules.
   */
  now?: () => number;
}

/** What {@link Devnet.createAccount} accepts. */
export interface CreateAccountOptions {
  /** initial balance in HBAR */
  hbar: number;
  /** key of the new account; a fresh ED25519 key by default */
  key?: PrivateKey;
}

/** A running devnet. */
export interface Devnet {
  /** `'0.0.2'`, funded with `operatorHbar` */
  readonly operatorId: string;
  readonly operatorKey: PrivateKey;
  /** `'127.0.0.1:PORT'` */
  readonly grpcAddress: string;
  /** `'http://127.0.0.1:PORT'` (REST paths start with `/api/v1`) */
  readonly mirrorUrl: string;
  /** `'127.0.0.1:PORT'` of the mirror gRPC server, for `client.setMirrorNetwork([...])` */
  readonly mirrorGrpcAddress: string;
  readonly faults: DevnetFaults;
  /**
   * The ERC-20 and ERC-721 factories deployed at start, at the numbers the Hedera Agent Kit uses on a
   * local node (0.0.1012 and 0.0.1013), so its `create_erc20_tool` / `create_erc721_tool` work here.
   */
  readonly contracts: DevnetContracts;
  /** A new SDK client for the operator with fast retries, this mirror gRPC and ledger ID LOCAL_NODE; closed by {@link Devnet.stop}. */
  client(): Client;
  /**
   * Changes the exchange rate from now on, as an update of 0.0.112 changes the network's: the file, the
   * mirror's `/network/exchangerate` (with this change's time as its `timestamp`) and the fees charged
   * follow it; answers for earlier times keep the earlier rate.
   *
   * @example
   * devnet.setExchangeRate({ hbarEquiv: 1, centEquiv: 12 }); // 12 ¢ per HBAR
   */
  setExchangeRate(rate: RateEquivalent): void;
  /** Creates and funds an account through a real AccountCreateTransaction paid by the operator. */
  createAccount(options: CreateAccountOptions): Promise<{ accountId: string; privateKey: PrivateKey }>;
  /** Ends open topic subscriptions, closes clients from {@link Devnet.client}, then the servers. Safe to call twice. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

function checkPort(name: string, value: number | undefined): number {
  if (value === undefined) return 0;
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`startDevnet: ${name} must be an integer port in 0..65535 (got ${String(value)})`);
  if (name === 'grpcPort' && value === 50212) throw new Error('startDevnet: grpcPort 50212 is reserved: the SDK speaks TLS to that port, the devnet does not');
  if (name === 'mirrorGrpcPort' && (value === 50212 || value === 443)) throw new Error(`startDevnet: mirrorGrpcPort ${value} is reserved: the SDK speaks TLS to that port, the devnet does not`);
  return value;
}

function checkAmount(name: string, value: number | undefined, fallback: bigint, scale = 1n): bigint {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`startDevnet: ${name} must be a non-negative integer (got ${String(value)})`);
  return BigInt(value) * scale;
}

function checkRunningHash(value: RunningHashFormat | undefined): RunningHashFormat {
  if (value === undefined || value === 'concatenated' || value === 'java-serialized') return value ?? 'java-serialized';
  throw new Error(`startDevnet: topicRunningHash must be 'concatenated' or 'java-serialized' (got ${JSON.stringify(value)})`);
}

function clockOf(now: () => number): () => bigint {
  if (typeof now !== 'function') throw new Error('startDevnet: now must be a function returning milliseconds since the epoch');
  return () => {
    const ms = now();
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`devnet clock: now() must return milliseconds since the epoch (got ${String(ms)})`);
    return BigInt(Math.floor(ms)) * 1_000_000n;
  };
}

/**
 * Starts an in-memory Hedera network: one node speaking HAPI gRPC and a mirror REST server.
 *
 * @example
 * const net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
 * const client = net.client();
 * const { accountId } = await net.createAccount({ hbar: 10 });
 * await new TransferTransaction().addHbarTransfer(net.operatorId, -1).addHbarTransfer(accountId, 1).execute(client);
 * await net.stop();
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const grpcPort = checkPort('grpcPort', options.grpcPort);
  const mirrorPort = checkPort('mirrorPort', options.mirrorPort);
  const mirrorGrpcPort = checkPort('mirrorGrpcPort', options.mirrorGrpcPort);
  const operatorBalance = checkAmount('operatorHbar', options.operatorHbar, 5_000_000_000_000_000n, 100_000_000n);
  const ledger = new Ledger({
    transactionFee: checkAmount('transactionFeeTinybars', options.transactionFeeTinybars, 100_000n),
    queryFee: checkAmount('queryFeeTinybars', options.queryFeeTinybars, 10_000n),
    runningHashFormat: checkRunningHash(options.topicRunningHash),
    ...(options.exchangeRate !== undefined ? { exchangeRate: checkRateEquivalent('startDevnet: exchangeRate', options.exchangeRate) } : {}),
    ...(options.now ? { now: clockOf(options.now) } : {}),
  });
  const operatorKey = options.operatorKey ?? PrivateKey.generateED25519();
  const operatorProtoKey = operatorKey.publicKey._toProtobufKey();
  ledger.addAccount({ num: OPERATOR_NUM, key: operatorProtoKey, balance: operatorBalance });
  ledger.addAccount({ num: NODE_NUM, key: operatorProtoKey, balance: 0n });
  ledger.addAccount({ num: FEE_COLLECTOR_NUM, key: operatorProtoKey, balance: 0n });
  seedSystemFiles(ledger, operatorProtoKey);
  const contracts = deployFactories(ledger);

  const methods = listRpcMethods();
  const faults = new DevnetFaults(
    new Set([...methods.map((m) => m.path), ...MIRROR_GRPC_PATHS]), new Set(methods.filter((m) => m.kind === 'transaction').map((m) => m.path)), options.random,
  );
  const hapi = new HapiServer({ methods, transactions: new TransactionProcessor(ledger, TRANSACTION_HANDLERS), queries: new QueryProcessor(ledger), faults });
  let boundGrpc: number | undefined;
  let boundMirror: number;
  let boundMirrorGrpc: number;
  const node = { grpcEndpoint: () => (boundGrpc === undefined ? undefined : { host: HOST, port: boundGrpc }) };
  const mirror = new MirrorServer(ledger, MIRROR_ROUTES, { faults: faults.mirror, node });
  const mirrorGrpc = new MirrorGrpcServer({ ledger, faults, node });
  try {
    boundGrpc = await hapi.listen(HOST, grpcPort);
    boundMirror = await mirror.listen(HOST, mirrorPort);
  } catch (error) {
    hapi.stop();
    await Promise.all([mirror.stop(), mirrorGrpc.stop()]);
    throw new Error(`startDevnet: could not bind ${HOST} (grpcPort ${grpcPort}, mirrorPort ${mirrorPort}): ${(error as Error).message}`);
  }
  try {
    boundMirrorGrpc = await mirrorGrpc.listen(HOST, mirrorGrpcPort);
  } catch (error) {
    hapi.stop();
    await Promise.all([mirror.stop(), mirrorGrpc.stop()]);
    throw new Error(`startDevnet: could not bind ${HOST} (mirrorGrpcPort ${mirrorGrpcPort}): ${(error as Error).message}`);
  }
  const grpcAddress = `${HOST}:${boundGrpc}`;
  const mirrorGrpcAddress = `${HOST}:${boundMirrorGrpc}`;
  const clients = new Set<Client>();
  let adminClient: Client | undefined;
  let stopped = false;
  const operatorId = `0.0.${OPERATOR_NUM}`;
  const newClient = (): Client => {
    if (stopped) throw new Error('devnet: client() called after stop()');
    const client = createDevnetClient(grpcAddress, operatorId, operatorKey, mirrorGrpcAddress);
    clients.add(client);
    return client;
  };

  return {
    operatorId, operatorKey, grpcAddress, mirrorUrl: `http://${HOST}:${boundMirror}`, mirrorGrpcAddress, faults, contracts,
    client: newClient,
    setExchangeRate(rate: RateEquivalent) {
      if (stopped) throw new Error('devnet: setExchangeRate() called after stop()');
      // Dated like a transaction reaching consensus, so it falls strictly after every record before it.
      ledger.exchangeRates.set(checkRateEquivalent('devnet.setExchangeRate', rate), ledger.nextConsensusNs());
    },
    async createAccount({ hbar, key }: CreateAccountOptions) {
      if (typeof hbar !== 'number' || !Number.isFinite(hbar) || hbar < 0) throw new Error(`devnet.createAccount: hbar must be a non-negative number (got ${String(hbar)})`);
      const privateKey = key ?? PrivateKey.generateED25519();
      adminClient ??= newClient();
      const response = await new AccountCreateTransaction().setKeyWithoutAlias(privateKey.publicKey).setInitialBalance(new Hbar(hbar)).execute(adminClient);
      const receipt = await response.getReceipt(adminClient);
      return { accountId: receipt.accountId!.toString(), privateKey };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Subscriptions end first, so their subscribers hear why while their clients are still open.
      await mirrorGrpc.stop();
      for (const client of clients) client.close();
      clients.clear();
      hapi.stop();
      await mirror.stop();
    },
  };
}
