import { expect } from 'chai';
import { proto } from '@hiero-ledger/proto';
import { Long, PrivateKey } from '@hiero-ledger/sdk';
import { TRANSACTION_HANDLERS } from '../../../src/devnet/ledger/handlers.js';
import { FEE_COLLECTOR_NUM, Ledger, NODE_NUM, OPERATOR_NUM } from '../../../src/devnet/ledger/ledger.js';
import { SignatureChecker } from '../../../src/devnet/ledger/signature-checker.js';
import { TransactionProcessor } from '../../../src/devnet/ledger/transaction-processor.js';

const RECIPIENT = 1001;
const operator = PrivateKey.generateED25519();
const account = (num: number): proto.IAccountID => ({ shardNum: Long.ZERO, realmNum: Long.ZERO, accountNum: Long.fromNumber(num) });

function newLedger(): Ledger {
  const ledger = new Ledger({ transactionFee: 100_000n, queryFee: 0n });
  const key = operator.publicKey._toProtobufKey();
  ledger.addAccount({ num: OPERATOR_NUM, key, balance: 10n ** 12n });
  ledger.addAccount({ num: NODE_NUM, key, balance: 0n });
  ledger.addAccount({ num: FEE_COLLECTOR_NUM, key, balance: 0n });
  ledger.addAccount({ num: RECIPIENT, key, balance: 0n });
  return ledger;
}

/** An operator-signed transfer of `tinybars` to the recipient, its memo naming it. */
function transfer(tinybars: number, memo: string): proto.ITransaction {
  const nowMs = Date.now() - 1000;
  const bodyBytes = proto.TransactionBody.encode({
    transactionID: { accountID: account(OPERATOR_NUM), transactionValidStart: { seconds: Long.fromNumber(Math.floor(nowMs / 1000)), nanos: (nowMs % 1000) * 1e6 + tinybars } },
    nodeAccountID: account(NODE_NUM), transactionFee: Long.fromNumber(1e8), transactionValidDuration: { seconds: Long.fromNumber(120) }, memo,
    cryptoTransfer: { transfers: { accountAmounts: [{ accountID: account(OPERATOR_NUM), amount: Long.fromNumber(-tinybars) }, { accountID: account(RECIPIENT), amount: Long.fromNumber(tinybars) }] } },
  }).finish();
  const sigPair = [{ pubKeyPrefix: operator.publicKey.toBytesRaw(), ed25519: operator.sign(bodyBytes) }];
  return { signedTransactionBytes: proto.SignedTransaction.encode({ bodyBytes, sigMap: { sigPair } }).finish() };
}

/** A signature check that hands its result over only once the test opens its gate. */
function gatedPreparer() {
  const gates = new Map<string, { opened: Promise<void>; open: () => void }>();
  const gate = (memo: string) => {
    let entry = gates.get(memo);
    if (!entry) {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      gates.set(memo, (entry = { opened, open }));
    }
    return entry;
  };
  const done = new Set<string>();
  const prepare = async (bodyBytes: Uint8Array, pairs: proto.ISignaturePair[]) => {
    const memo = proto.TransactionBody.decode(bodyBytes).memo;
    const checker = await SignatureChecker.prepare(bodyBytes, pairs);
    await gate(memo).opened;
    done.add(memo);
    return checker;
  };
  return { prepare, done, open: (memo: string) => gate(memo).open() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('TransactionProcessor', () => {
  describe('when a later transaction finishes its signature check first', () => {
    it('still applies the transactions in the order they arrived', async () => {
      const ledger = newLedger();
      const gate = gatedPreparer();
      const processor = new TransactionProcessor(ledger, TRANSACTION_HANDLERS, gate.prepare);
      const first = processor.submit(transfer(1, 'first'));
      const second = processor.submit(transfer(2, 'second'));
      gate.open('second');
      while (!gate.done.has('second')) await tick();
      await tick();
      expect(ledger.recordList).to.have.length(0); // checked, yet the second waits for the first
      gate.open('first');
      expect(await Promise.all([first, second])).to.deep.equal(['OK', 'OK']);
      expect(ledger.recordList.map((record) => record.memo)).to.deep.equal(['first', 'second']);
    });
  });

  describe('when one transaction fails unexpectedly', () => {
    it('rejects that submission, and the ones behind it still wait for the ones before it', async () => {
      const ledger = newLedger();
      const gate = gatedPreparer();
      const processor = new TransactionProcessor(ledger, TRANSACTION_HANDLERS, async (bodyBytes, pairs) => {
        if (proto.TransactionBody.decode(bodyBytes).memo === 'broken') throw new Error('signature check crashed');
        return gate.prepare(bodyBytes, pairs);
      });
      const first = processor.submit(transfer(1, 'first'));
      const broken = processor.submit(transfer(2, 'broken'));
      const third = processor.submit(transfer(3, 'third'));
      expect(await broken.catch((e: Error) => e.message)).to.equal('signature check crashed');
      gate.open('third');
      while (!gate.done.has('third')) await tick();
      await tick();
      expect(ledger.recordList).to.have.length(0); // the third does not overtake the first
      gate.open('first');
      expect(await Promise.all([first, third])).to.deep.equal(['OK', 'OK']);
      expect(ledger.recordList.map((record) => record.memo)).to.deep.equal(['first', 'third']);
    });
  });

  describe('when the payer signature is corrupted', () => {
    it('answers INVALID_SIGNATURE at precheck and records nothing', async () => {
      const ledger = newLedger();
      const processor = new TransactionProcessor(ledger, TRANSACTION_HANDLERS);
      const tx = transfer(3, 'tampered');
      const signed = proto.SignedTransaction.decode(tx.signedTransactionBytes!);
      signed.sigMap!.sigPair![0]!.ed25519![5] ^= 0x01;
      expect(await processor.submit({ signedTransactionBytes: proto.SignedTransaction.encode(signed).finish() })).to.equal('INVALID_SIGNATURE');
      expect(await processor.submit(transfer(3, 'intact'))).to.equal('OK');
      expect(ledger.recordList.map((record) => record.memo)).to.deep.equal(['intact']);
    });
  });
});
