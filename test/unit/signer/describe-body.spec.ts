import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { Wallet } from 'ethers';
import {
  AccountAllowanceApproveTransaction,
  AccountCreateTransaction,
  AccountDeleteTransaction,
  AccountUpdateTransaction,
  ContractCreateTransaction,
  ContractExecuteTransaction,
  ContractId,
  CustomFeeLimit,
  CustomFixedFee,
  EthereumTransaction,
  FreezeTransaction,
  Hbar,
  NftId,
  PendingAirdropId,
  PrivateKey,
  PrngTransaction,
  ScheduleCreateTransaction,
  ScheduleSignTransaction,
  TokenAirdropTransaction,
  TokenBurnTransaction,
  TokenClaimAirdropTransaction,
  TokenCreateTransaction,
  TokenId,
  TokenMintTransaction,
  TokenRejectTransaction,
  TokenUpdateTransaction,
  TokenWipeTransaction,
  TopicMessageSubmitTransaction,
  TransferTransaction,
  AccountId,
  FreezeType,
  Timestamp,
} from '@hiero-ledger/sdk';
import { proto } from '@hiero-ledger/proto';
import { describeBody, sameBodyExceptNode, TRANSACTION_TYPES, DESTROYED, NEW_KEY_HOLDER, type DescribedBody } from '../../../src/signer/index.js';
import { NEW_ACCOUNT, CURRENT_TREASURY } from '../../../src/policies/account-ids.js';
import { bodiesOf, bodyOf, freshTransactionId } from '../../support/signing-bodies.js';

const HBAR = 100_000_000n;
const UNBOUNDED = 2n ** 63n - 1n;
const PAYER = '0.0.1001';

/** Each movement as `asset from→to amount` (serial and unbounded marked), easy to compare whole. */
function moves(body: DescribedBody): string[] {
  return body.movements.map((m) => `${m.asset}${m.serial !== undefined ? `#${m.serial}` : ''} ${m.from}→${m.to} ${m.unbounded ? 'unbounded' : String(m.amount)}`);
}

describe('describeBody: what a transaction body does, read from the bytes the SDK hands a signer', () => {
  it('names the common fields: type, transaction ID, payer, node, window, max fee, memo', () => {
    const id = freshTransactionId(PAYER);
    const body = describeBody(bodyOf(new TransferTransaction().addHbarTransfer(PAYER, -1).addHbarTransfer('0.0.1002', 1).setMaxTransactionFee(new Hbar(3)).setTransactionMemo('rent'), { transactionId: id }));
    expect(body).to.include({ type: 'cryptoTransfer', known: true, transactionId: id.toString(), payer: PAYER, nodeAccountId: '0.0.3', validDurationSeconds: 120, memo: 'rent' });
    expect(body.maxFee).to.equal(3n * HBAR);
    expect(body.validStart).to.equal(id.validStart!.toString());
  });

  it('cryptoTransfer: HBAR, fungible tokens, NFTs and approved (allowance) debits', () => {
    const body = describeBody(bodyOf(new TransferTransaction()
      .addHbarTransfer(PAYER, new Hbar(-2)).addHbarTransfer('0.0.1002', new Hbar(2))
      .addApprovedHbarTransfer('0.0.2002', new Hbar(-1)).addHbarTransfer('0.0.1005', new Hbar(1))
      .addTokenTransferWithDecimals('0.0.5005', PAYER, -30, 2).addTokenTransferWithDecimals('0.0.5005', '0.0.1003', 30, 2)
      .addNftTransfer(new NftId(TokenId.fromString('0.0.6006'), 7), PAYER, '0.0.1004')));
    expect(moves(body)).to.deep.equal([
      `HBAR 0.0.1001→0.0.1002 ${2n * HBAR}`,
      `HBAR 0.0.2002→0.0.1005 ${HBAR}`,
      '0.0.5005 0.0.1001→0.0.1003 30',
      '0.0.6006#7 0.0.1001→0.0.1004 1',
    ]);
    expect(body.movements[2]).to.include({ decimals: 2, display: '0.3 of 0.0.5005' });
  });

  it('cryptoCreateAccount: the initial balance goes to the new account', () => {
    const body = describeBody(bodyOf(new AccountCreateTransaction().setKeyWithoutAlias(PrivateKey.generateED25519().publicKey).setInitialBalance(new Hbar(7))));
    expect(moves(body)).to.deep.equal([`HBAR ${PAYER}→${NEW_ACCOUNT} ${7n * HBAR}`]);
  });

  it('cryptoDelete: the whole balance goes to the transfer account, an amount the bytes do not hold', () => {
    const body = describeBody(bodyOf(new AccountDeleteTransaction().setAccountId('0.0.1777').setTransferAccountId('0.0.6666')));
    expect(moves(body)).to.deep.equal(['HBAR 0.0.1777→0.0.6666 unbounded']);
    expect(body.movements[0]!.amount).to.equal(UNBOUNDED);
  });

  it('cryptoApproveAllowance: HBAR, token, NFT serials and an all-serials NFT allowance count as owner → spender', () => {
    const body = describeBody(bodyOf(new AccountAllowanceApproveTransaction()
      .approveHbarAllowance(PAYER, '0.0.6666', new Hbar(4))
      .approveTokenAllowance('0.0.5005', PAYER, '0.0.6666', 250)
      .approveTokenNftAllowance(new NftId(TokenId.fromString('0.0.6006'), 3), PAYER, '0.0.6666')
      .approveTokenNftAllowanceAllSerials('0.0.7007', PAYER, '0.0.6666')));
    expect(moves(body)).to.have.members([
      `HBAR 0.0.1001→0.0.6666 ${4n * HBAR}`,
      '0.0.5005 0.0.1001→0.0.6666 250',
      '0.0.6006#3 0.0.1001→0.0.6666 1',
      '0.0.7007 0.0.1001→0.0.6666 unbounded',
    ]);
  });

  it('cryptoUpdateAccount: a new key hands the account over; a memo change moves nothing', () => {
    const handed = describeBody(bodyOf(new AccountUpdateTransaction().setAccountId(PAYER).setKey(PrivateKey.generateED25519().publicKey)));
    expect(moves(handed)).to.deep.equal([`HBAR 0.0.1001→${NEW_KEY_HOLDER} unbounded`]);
    const memo = describeBody(bodyOf(new AccountUpdateTransaction().setAccountId(PAYER).setAccountMemo('hello')));
    expect(memo.movements).to.deep.equal([]);
    expect(memo.known).to.equal(true);
  });

  it('tokenAirdrop, tokenClaimAirdrop and tokenReject', () => {
    const airdrop = describeBody(bodyOf(new TokenAirdropTransaction().addTokenTransfer('0.0.5005', PAYER, -40).addTokenTransfer('0.0.5005', '0.0.1003', 40).addNftTransfer(new NftId(TokenId.fromString('0.0.6006'), 9), PAYER, '0.0.1004')));
    expect(moves(airdrop)).to.deep.equal(['0.0.5005 0.0.1001→0.0.1003 40', '0.0.6006#9 0.0.1001→0.0.1004 1']);
    const claim = describeBody(bodyOf(new TokenClaimAirdropTransaction()
      .addPendingAirdropId(new PendingAirdropId({ senderId: AccountId.fromString('0.0.2002'), receiverId: AccountId.fromString(PAYER), tokenId: TokenId.fromString('0.0.5005') }))
      .addPendingAirdropId(new PendingAirdropId({ senderId: AccountId.fromString('0.0.2002'), receiverId: AccountId.fromString(PAYER), nftId: new NftId(TokenId.fromString('0.0.6006'), 2) }))));
    expect(moves(claim)).to.deep.equal(['0.0.5005 0.0.2002→0.0.1001 unbounded', '0.0.6006#2 0.0.2002→0.0.1001 1']);
    const reject = describeBody(bodyOf(new TokenRejectTransaction().setOwnerId(AccountId.fromString(PAYER)).addTokenId(TokenId.fromString('0.0.5005')).addNftId(new NftId(TokenId.fromString('0.0.6006'), 4))));
    expect(moves(reject)).to.deep.equal([`0.0.5005 0.0.1001→${CURRENT_TREASURY} unbounded`, `0.0.6006#4 0.0.1001→${CURRENT_TREASURY} 1`]);
  });

  it('token supply: creation and mint move nothing (their details say what they make); burn, wipe and a treasury change do', () => {
    const created = describeBody(bodyOf(new TokenCreateTransaction().setTokenName('Gold').setTokenSymbol('GLD').setTreasuryAccountId('0.0.1003').setInitialSupply(1000)));
    expect(created.movements).to.deep.equal([]);
    expect(created.details).to.include({ treasury: '0.0.1003', initialSupply: '1000', symbol: 'GLD' });
    const minted = describeBody(bodyOf(new TokenMintTransaction().setTokenId('0.0.5005').setAmount(10)));
    expect(minted.movements).to.deep.equal([]);
    const burnt = describeBody(bodyOf(new TokenBurnTransaction().setTokenId('0.0.5005').setAmount(12)));
    expect(moves(burnt)).to.deep.equal([`0.0.5005 ${CURRENT_TREASURY}→${DESTROYED} 12`]);
    const wiped = describeBody(bodyOf(new TokenWipeTransaction().setTokenId('0.0.6006').setAccountId('0.0.2002').setSerials([5])));
    expect(moves(wiped)).to.deep.equal([`0.0.6006#5 0.0.2002→${DESTROYED} 1`]);
    const moved = describeBody(bodyOf(new TokenUpdateTransaction().setTokenId('0.0.5005').setTreasuryAccountId('0.0.6666')));
    expect(moves(moved)).to.deep.equal([`0.0.5005 ${CURRENT_TREASURY}→0.0.6666 unbounded`]);
  });

  it('contracts: a call\'s amount, an ERC-20 transfer in its calldata at a token\'s address, a create\'s initial balance', () => {
    const transferCall = Buffer.from(`a9059cbb${'0'.repeat(24)}${(6666).toString(16).padStart(40, '0')}${(500).toString(16).padStart(64, '0')}`, 'hex');
    const call = describeBody(bodyOf(new ContractExecuteTransaction().setContractId(ContractId.fromString('0.0.5005')).setGas(100_000).setPayableAmount(new Hbar(3)).setFunctionParameters(transferCall)));
    expect(moves(call)).to.deep.equal([`HBAR 0.0.1001→0.0.5005 ${3n * HBAR}`, '0.0.5005 0.0.1001→0.0.6666 500']);
    const create = describeBody(bodyOf(new ContractCreateTransaction().setBytecodeFileId('0.0.111').setGas(100_000).setInitialBalance(new Hbar(2))));
    expect(moves(create)).to.deep.equal([`HBAR 0.0.1001→${NEW_ACCOUNT} ${2n * HBAR}`]);
  });

  it('ethereumTransaction: the RLP value (weibars) to a long-zero address, and the max gas allowance', async () => {
    const wallet = Wallet.createRandom();
    const signed = await wallet.signTransaction({ type: 2, chainId: 298, nonce: 0, to: `0x${(6666).toString(16).padStart(40, '0')}`, value: 5n * 10n ** 18n, gasLimit: 30_000, maxFeePerGas: 10n ** 12n, maxPriorityFeePerGas: 0 });
    const body = describeBody(bodyOf(new EthereumTransaction().setEthereumData(Buffer.from(signed.slice(2), 'hex')).setMaxGasAllowanceHbar(new Hbar(2))));
    expect(moves(body)).to.deep.equal([`HBAR 0.0.1001→0.0.6666 ${5n * HBAR}`]);
    expect(body.maxGasAllowance).to.equal(2n * HBAR);
    const toAlias = await wallet.signTransaction({ type: 2, chainId: 298, nonce: 0, to: Wallet.createRandom().address, value: 1n, gasLimit: 30_000, maxFeePerGas: 10n ** 12n, maxPriorityFeePerGas: 0 });
    expect(() => describeBody(bodyOf(new EthereumTransaction().setEthereumData(Buffer.from(toAlias.slice(2), 'hex'))))).to.throw(/EVM address .* only the network can look up/);
  });

  it('consensusSubmitMessage: custom fee limits count as what the payer may pay; none means the topic must be looked up', () => {
    const limited = describeBody(bodyOf(new TopicMessageSubmitTransaction().setTopicId('0.0.8008').setMessage('hi')
      .setCustomFeeLimits([new CustomFeeLimit({ accountId: AccountId.fromString(PAYER), fees: [new CustomFixedFee().setAmount(3_000), new CustomFixedFee().setAmount(4).setDenominatingTokenId('0.0.5005')] })])));
    expect(moves(limited)).to.deep.equal(['HBAR 0.0.1001→0.0.8008 3000', '0.0.5005 0.0.1001→0.0.8008 4']);
    const open = describeBody(bodyOf(new TopicMessageSubmitTransaction().setTopicId('0.0.8008').setMessage('hi')));
    expect(open.lookups).to.deep.equal([{ kind: 'topicCustomFees', topicId: '0.0.8008', payer: PAYER }]);
  });

  it('scheduleCreate carries its body (paid by its payer); scheduleSign asks for the schedule on the ledger', () => {
    const inner = new TransferTransaction().addHbarTransfer('0.0.2002', new Hbar(-9)).addHbarTransfer('0.0.6666', new Hbar(9));
    const created = describeBody(bodyOf(new ScheduleCreateTransaction().setScheduledTransaction(inner).setPayerAccountId(AccountId.fromString('0.0.2002'))));
    expect(created.movements).to.deep.equal([]);
    expect(created.inner).to.have.length(1);
    expect(created.inner[0]!.role).to.equal('scheduled');
    expect(created.inner[0]!.body.payer).to.equal('0.0.2002');
    expect(moves(created.inner[0]!.body)).to.deep.equal([`HBAR 0.0.2002→0.0.6666 ${9n * HBAR}`]);
    const sign = describeBody(bodyOf(new ScheduleSignTransaction().setScheduleId('0.0.9009')));
    expect(sign.lookups).to.deep.equal([{ kind: 'scheduleBody', scheduleId: '0.0.9009' }]);
  });

  it('utilPrng moves nothing; freeze is not judgeable (known: false, with why)', () => {
    expect(describeBody(bodyOf(new PrngTransaction().setRange(10)))).to.include({ type: 'utilPrng', known: true });
    const freeze = describeBody(bodyOf(new FreezeTransaction().setFreezeType(FreezeType.FreezeOnly).setStartTimestamp(Timestamp.fromDate(new Date(Date.now() + 60_000)))));
    expect(freeze).to.include({ type: 'freeze', known: false });
    expect(freeze.unknownReason).to.match(/network administration/);
  });

  it('refuses bytes that are not a TransactionBody, and a body with a field its protobufs do not know', () => {
    expect(() => describeBody(new Uint8Array([1, 2, 3, 4]))).to.throw(/not a serialized TransactionBody/);
    expect(() => describeBody(new Uint8Array())).to.throw(/empty/);
    const good = bodyOf(new TransferTransaction().addHbarTransfer(PAYER, -1).addHbarTransfer('0.0.1002', 1));
    // Field 999, varint 1: a field a newer network might read, unseen by these protobufs.
    const withUnknown = Buffer.concat([Buffer.from(good), Buffer.from([0xb8, 0x3e, 0x01])]);
    expect(() => describeBody(withUnknown)).to.throw(/unknown fields/);
  });

  it('refuses an account named by alias, which only the network can resolve', () => {
    const alias = PrivateKey.generateED25519().publicKey.toAccountId(0, 0);
    expect(() => describeBody(bodyOf(new TransferTransaction().addHbarTransfer(PAYER, -1).addHbarTransfer(alias, 1)))).to.throw(/only the network can look up/);
  });

  it('decides every type of the data oneof in the installed protobufs', () => {
    const dts = readFileSync(path.join(process.cwd(), 'node_modules/@hiero-ledger/proto/lib/proto.d.ts'), 'utf8');
    const at = dts.indexOf('class TransactionBody implements ITransactionBody');
    const oneof = /public data\?: \(([^;]+)\);/.exec(dts.slice(at))![1]!;
    const names = [...oneof.matchAll(/"(\w+)"/g)].map((match) => match[1]!);
    expect(names.length).to.be.greaterThan(60);
    expect(names.filter((name) => !Object.hasOwn(TRANSACTION_TYPES, name))).to.deep.equal([]);
    void proto;
  });
});

describe('sameBodyExceptNode', () => {
  it('holds for the node bodies of one transaction, and for nothing else', () => {
    const bodies = bodiesOf(new TransferTransaction().addHbarTransfer(PAYER, -5).addHbarTransfer('0.0.1002', 5));
    expect(bodies).to.have.length(3);
    expect(Buffer.from(bodies[0]!).equals(Buffer.from(bodies[1]!))).to.equal(false);
    expect(sameBodyExceptNode(bodies[0]!, bodies[1]!)).to.equal(true);
    expect(sameBodyExceptNode(bodies[0]!, bodies[2]!)).to.equal(true);
    const id = freshTransactionId(PAYER);
    const a = bodyOf(new TransferTransaction().addHbarTransfer(PAYER, -5).addHbarTransfer('0.0.1002', 5), { transactionId: id });
    const b = bodyOf(new TransferTransaction().addHbarTransfer(PAYER, -5).addHbarTransfer('0.0.6666', 5), { transactionId: id });
    expect(sameBodyExceptNode(a, b)).to.equal(false);
    expect(sameBodyExceptNode(a, new Uint8Array([1, 2, 3]))).to.equal(false);
  });
});
