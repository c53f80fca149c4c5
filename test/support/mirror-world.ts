import {
  AccountAllowanceApproveTransaction, AccountCreateTransaction, ContractCreateTransaction, ContractExecuteTransaction, ContractFunctionParameters, Hbar,
  PrivateKey, ScheduleCreateTransaction, ScheduleDeleteTransaction, Timestamp, TokenAirdropTransaction, TokenCreateTransaction, TokenMintTransaction,
  TokenSupplyType, TokenType, TopicCreateTransaction, TopicMessageSubmitTransaction, TransferTransaction, type Client, type Transaction,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { Emitter } from './compiled-test-contracts.js';

/** Items each list route gets by default: enough for several pages at the largest `limit` (100). */
export const LIST_SIZE = 250;

/**
 * A devnet with at least `size` items behind every list route that can have them, built through the
 * SDK: accounts, fungible and NFT tokens, holders, allowances of each kind, pending airdrops (fungible
 * and NFT, two senders, two receivers), topic messages, unexecuted schedules, contracts and one contract's
 * event logs. It remembers what it made, which is what the
 * mirror's lists are checked against.
 */
export interface MirrorWorld {
  size: number;
  net: Devnet;
  client: Client;
  operator: string;
  /** every transaction the world submitted (all paid by the operator), as mirror IDs */
  transactionIds: Set<string>;
  /** accounts with unlimited automatic associations, all keyed by `holderKey` */
  holders: string[];
  holderKey: PrivateKey;
  fungibles: string[];
  /** NFT tokens; the first has `size` serials, the others NFT_SERIALS_EACH */
  nftTokens: string[];
  /** the fungible token every holder holds */
  coin: string;
  /** receives pending airdrops from the operator (NFTs and fungible) and from holders[0] (coin) */
  receiver: string;
  /** receives pending fungible airdrops from the operator only */
  receiver2: string;
  topic: string;
  /** [spender, token] of the operator's token allowances and NFT approve-for-all grants */
  tokenAllowances: Array<[string, string]>;
  nftAllowances: Array<[string, string]>;
  /** sender-token-serial of what `receiver` was airdropped (serial 0 for fungible) */
  pendingForReceiver: string[];
  /** schedules of transfers from receiver2 that lack its signature, so none runs (some deleted, some wait for expiry) */
  schedules: string[];
  /** Emitter contracts (test/fixtures/contracts/Emitter.sol); the first emitted every log in `logs` */
  contracts: string[];
  /** `round-n` of each Ping event of contracts[0], LOG_ROUNDS calls of size / LOG_ROUNDS events each */
  logs: string[];
  stop(): Promise<void>;
}

export const NFT_SERIALS_EACH = 5;
/** The logs come from a few calls, so pages end both between calls and inside one (same timestamp, next index). */
export const LOG_ROUNDS = 5;
const NFT_TOKENS = 10;
const CONCURRENCY = 25;

function mirrorId(transaction: Transaction): string {
  const id = transaction.transactionId!;
  const start = id.validStart!;
  return `${id.accountId!.toString()}-${start.seconds.toString()}-${String(start.nanos.toNumber()).padStart(9, '0')}`;
}

async function inBatches<T>(count: number, run: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < count; i += CONCURRENCY) {
    results.push(...await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count - i) }, (_, j) => run(i + j))));
  }
  return results;
}

/** `size` must be a multiple of 10 (batches of 10 transfers and 10 spenders per token). */
export async function buildMirrorWorld(size = LIST_SIZE): Promise<MirrorWorld> {
  if (size % 10 !== 0 || size < 10) throw new Error(`buildMirrorWorld: size must be a positive multiple of 10 (got ${size})`);
  const net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
  const client = net.client();
  const operator = net.operatorId;
  const operatorKey = net.operatorKey.publicKey;
  const transactionIds = new Set<string>();
  /** Freezes, signs with `signers` (the operator signs as payer), submits and waits for SUCCESS. */
  const run = async (transaction: Transaction, ...signers: PrivateKey[]) => {
    transaction.freezeWith(client);
    for (const key of signers) await transaction.sign(key);
    transactionIds.add(mirrorId(transaction));
    return (await transaction.execute(client)).getReceipt(client);
  };
  const newAccount = async (maxAuto: number, key = PrivateKey.generateED25519()) => (await run(new AccountCreateTransaction()
    .setKeyWithoutAlias(key.publicKey).setInitialBalance(new Hbar(1)).setMaxAutomaticTokenAssociations(maxAuto))).accountId!.toString();

  // Schedules first: each ScheduleCreate copies the ledger's state to learn which keys its transfer
  // needs, which costs more the more there is. Each moves a different amount from receiver2 (so no two
  // are identical) without its signature, so none runs; every third has an admin key, every fifth waits
  // for an expiry an hour away, and every 75th (which has an admin key) is then deleted: the mirror
  // lists them all.
  const receiver = await newAccount(0);
  const receiver2 = await newAccount(0);
  const expiry = new Timestamp(Math.floor(Date.now() / 1000) + 3_600, 0);
  const schedules = await inBatches(size, async (i) => {
    const create = new ScheduleCreateTransaction().setScheduleMemo(`schedule ${i}`).setScheduledTransaction(new TransferTransaction()
      .addHbarTransfer(receiver2, Hbar.fromTinybars(-(i + 1))).addHbarTransfer(operator, Hbar.fromTinybars(i + 1)));
    if (i % 3 === 0) create.setAdminKey(operatorKey);
    if (i % 5 === 0) create.setWaitForExpiry(true).setExpirationTime(expiry);
    return (await run(create)).scheduleId!.toString();
  });
  await inBatches(Math.ceil(size / 75), (k) => run(new ScheduleDeleteTransaction().setScheduleId(schedules[k * 75])));

  const holderKey = PrivateKey.generateED25519();
  const holders = await inBatches(size, () => newAccount(-1, holderKey));
  const fungibles = await inBatches(size, async (i) => (await run(new TokenCreateTransaction()
    .setTokenName(`Fungible ${i}`).setTokenSymbol(`F${i}`).setDecimals(2).setInitialSupply(1_000_000)
    .setTreasuryAccountId(operator).setAdminKey(operatorKey).setSupplyKey(operatorKey))).tokenId!.toString());
  const nftTokens = await inBatches(NFT_TOKENS, async (i) => (await run(new TokenCreateTransaction()
    .setTokenName(`Collection ${i}`).setTokenSymbol(`C${i}`).setTokenType(TokenType.NonFungibleUnique).setSupplyType(TokenSupplyType.Infinite)
    .setTreasuryAccountId(operator).setAdminKey(operatorKey).setSupplyKey(operatorKey))).tokenId!.toString());
  const mint = (token: string, count: number) => inBatches(Math.ceil(count / 10), (batch) => run(new TokenMintTransaction().setTokenId(token)
    .setMetadata(Array.from({ length: Math.min(10, count - batch * 10) }, (_, k) => Buffer.from(`${token}#${batch * 10 + k}`)))));
  await mint(nftTokens[0], size);
  for (const token of nftTokens.slice(1)) await mint(token, NFT_SERIALS_EACH);

  const coin = fungibles[0];
  await inBatches(size / 10, (batch) => {
    const transfer = new TransferTransaction().addTokenTransfer(coin, operator, -100);
    for (const holder of holders.slice(batch * 10, batch * 10 + 10)) transfer.addTokenTransfer(coin, holder, 10);
    return run(transfer);
  });

  // Allowances: HBAR to every holder; tokens and NFTs as spender × token grids (size/10 spenders × 10 tokens).
  const tokenAllowances: Array<[string, string]> = [];
  const nftAllowances: Array<[string, string]> = [];
  for (let t = 0; t < NFT_TOKENS; t++) {
    for (let s = 0; s < size / NFT_TOKENS; s++) {
      tokenAllowances.push([holders[s], fungibles[t]]);
      nftAllowances.push([holders[s], nftTokens[t]]);
    }
  }
  await inBatches(Math.ceil(size / 20), (batch) => {
    const approve = new AccountAllowanceApproveTransaction();
    for (const holder of holders.slice(batch * 20, batch * 20 + 20)) approve.approveHbarAllowance(operator, holder, Hbar.fromTinybars(1_000 + batch));
    return run(approve);
  });
  await inBatches(Math.ceil(tokenAllowances.length / 20), (batch) => {
    const approve = new AccountAllowanceApproveTransaction();
    for (const [spender, token] of tokenAllowances.slice(batch * 20, batch * 20 + 20)) approve.approveTokenAllowance(token, operator, spender, 7);
    return run(approve);
  });
  await inBatches(Math.ceil(nftAllowances.length / 20), (batch) => {
    const approve = new AccountAllowanceApproveTransaction();
    for (const [spender, token] of nftAllowances.slice(batch * 20, batch * 20 + 20)) approve.approveTokenNftAllowanceAllSerials(token, operator, spender);
    return run(approve);
  });

  // Pending airdrops: 4/5 of the serials of the big collection and every serial of the others, 5 fungible
  // tokens from the operator and the coin from holders[0]; receiver2 gets 10 fungible ones.
  const nftDrops: Array<[string, number]> = [];
  for (let serial = 1; serial <= (size * 4) / 5; serial++) nftDrops.push([nftTokens[0], serial]);
  for (const token of nftTokens.slice(1)) for (let serial = 1; serial <= NFT_SERIALS_EACH; serial++) nftDrops.push([token, serial]);
  await inBatches(Math.ceil(nftDrops.length / 10), (batch) => {
    const airdrop = new TokenAirdropTransaction();
    for (const [token, serial] of nftDrops.slice(batch * 10, batch * 10 + 10)) airdrop.addNftTransfer(`${token}/${serial}`, operator, receiver);
    return run(airdrop);
  });
  const fungibleDrop = (to: string, tokens: string[]) => {
    const airdrop = new TokenAirdropTransaction();
    for (const token of tokens) airdrop.addTokenTransfer(token, operator, -3).addTokenTransfer(token, to, 3);
    return run(airdrop);
  };
  await fungibleDrop(receiver, fungibles.slice(1, 6));
  await fungibleDrop(receiver2, fungibles.slice(1, 11));
  await run(new TokenAirdropTransaction().addTokenTransfer(coin, holders[0], -2).addTokenTransfer(coin, receiver, 2), holderKey);
  const pendingForReceiver = [
    ...nftDrops.map(([token, serial]) => `${operator}-${token}-${serial}`),
    ...fungibles.slice(1, 6).map((token) => `${operator}-${token}-0`),
    `${holders[0]}-${coin}-0`,
  ];

  const topic = (await run(new TopicCreateTransaction().setTopicMemo('lists'))).topicId!.toString();
  await inBatches(size, (i) => run(new TopicMessageSubmitTransaction().setTopicId(topic).setMessage(`message ${i}`)));

  const contracts = await inBatches(size, async (i) => {
    const create = new ContractCreateTransaction().setBytecode(Buffer.from(Emitter.bytecode, 'hex')).setGas(200_000).setContractMemo(`emitter ${i}`);
    if (i % 2 === 0) create.setAdminKey(operatorKey);
    return (await run(create)).contractId!.toString();
  });
  const perRound = size / LOG_ROUNDS;
  await inBatches(LOG_ROUNDS, (round) => run(new ContractExecuteTransaction().setContractId(contracts[0]).setGas(1_000_000)
    .setFunction('ping', new ContractFunctionParameters().addUint256(round).addUint256(perRound))));
  const logs = Array.from({ length: size }, (_, i) => `${Math.floor(i / perRound)}-${i % perRound}`);

  return {
    size, net, client, operator, transactionIds, holders, holderKey, fungibles, nftTokens, coin, receiver, receiver2, topic,
    tokenAllowances, nftAllowances, pendingForReceiver, schedules, contracts, logs, stop: () => net.stop(),
  };
}
