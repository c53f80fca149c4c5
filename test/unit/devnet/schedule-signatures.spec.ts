import { expect } from 'chai';
import { proto } from '@hiero-ledger/proto';
import { Long, PrivateKey } from '@hiero-ledger/sdk';
import { TRANSACTION_HANDLERS } from '../../../src/devnet/ledger/handlers.js';
import { FEE_COLLECTOR_NUM, Ledger, OPERATOR_NUM } from '../../../src/devnet/ledger/ledger.js';
import type { TransactionHandler } from '../../../src/devnet/ledger/handler-context.js';
import { requiredKeysOf, SignatorySet, withNewSignatories } from '../../../src/devnet/ledger/schedule-signatures.js';

const keyOf = () => PrivateKey.generateED25519().publicKey._toProtobufKey();
const account = (num: number): proto.IAccountID => ({ shardNum: Long.ZERO, realmNum: Long.ZERO, accountNum: Long.fromNumber(num) });
const fingerprint = (key: proto.IKey) => Buffer.from(proto.Key.encode(key).finish()).toString('hex');

describe('schedule signatures', () => {
  describe('SignatorySet', () => {
    const [a, b, c] = [keyOf(), keyOf(), keyOf()];
    const signed = new SignatorySet([a, b]);

    it('treats simple keys as signed only when they are signatories', () => {
      expect(signed.isSatisfied(a)).to.equal(true);
      expect(signed.isSatisfied(c)).to.equal(false);
      expect(signed.isSatisfied(undefined)).to.equal(false);
    });

    it('needs every member of a key list and enough members of a threshold key', () => {
      expect(signed.isSatisfied({ keyList: { keys: [a, b] } })).to.equal(true);
      expect(signed.isSatisfied({ keyList: { keys: [a, c] } })).to.equal(false);
      expect(signed.isSatisfied({ keyList: { keys: [] } })).to.equal(false);
      expect(signed.isSatisfied({ thresholdKey: { threshold: 2, keys: { keys: [a, c, b] } } })).to.equal(true);
      expect(signed.isSatisfied({ thresholdKey: { threshold: 2, keys: { keys: [a, c] } } })).to.equal(false);
    });
  });

  describe('withNewSignatories', () => {
    it('adds the signed simple keys found inside required keys, once, and nothing else', () => {
      const [a, b, c, stranger] = [keyOf(), keyOf(), keyOf(), keyOf()];
      const signedByTx = new SignatorySet([b, c, stranger]);
      const required = [a, { thresholdKey: { threshold: 1, keys: { keys: [b, { keyList: { keys: [c, b] } }] } } }];
      const result = withNewSignatories([a], required, signedByTx);
      expect(result.map(fingerprint)).to.deep.equal([a, b, c].map(fingerprint));
      expect(withNewSignatories(result, required, signedByTx)).to.have.length(3);
    });
  });

  describe('requiredKeysOf', () => {
    it('collects the keys a transfer handler asks for without changing the ledger', () => {
      const ledger = new Ledger({ transactionFee: 100_000n, queryFee: 0n });
      const [operatorKey, senderKey, receiverKey] = [keyOf(), keyOf(), keyOf()];
      const payer = ledger.addAccount({ num: OPERATOR_NUM, key: operatorKey, balance: 10n ** 12n });
      ledger.addAccount({ num: FEE_COLLECTOR_NUM, key: operatorKey, balance: 0n });
      const sender = ledger.addAccount({ key: senderKey, balance: 1_000n });
      const receiver = ledger.addAccount({ key: receiverKey, balance: 0n, receiverSigRequired: true });
      const body = proto.TransactionBody.decode(proto.TransactionBody.encode({
        transactionID: { accountID: account(OPERATOR_NUM), transactionValidStart: { seconds: Long.fromNumber(1), nanos: 0 }, scheduled: true },
        cryptoTransfer: { transfers: { accountAmounts: [{ accountID: account(sender.num), amount: Long.fromNumber(-600) }, { accountID: account(receiver.num), amount: Long.fromNumber(600) }] } },
      }).finish());
      const keys = requiredKeysOf(ledger, TRANSACTION_HANDLERS, { body, bodyName: 'cryptoTransfer', hash: new Uint8Array() }, payer, 2n);
      expect(keys.map(fingerprint)).to.deep.equal([operatorKey, senderKey, receiverKey].map(fingerprint));
      expect([sender.balance, receiver.balance, ledger.recordList.length]).to.deep.equal([1_000n, 0n, 0]);
    });

    it('runs the handler on a sandbox: it sees its own writes, and the ledger keeps none of them', () => {
      const ledger = new Ledger({ transactionFee: 100_000n, queryFee: 0n });
      const operatorKey = keyOf();
      const payer = ledger.addAccount({ num: OPERATOR_NUM, key: operatorKey, balance: 10n ** 12n });
      ledger.addAccount({ num: FEE_COLLECTOR_NUM, key: operatorKey, balance: 0n });
      const victim = ledger.addAccount({ key: keyOf(), balance: 500n });
      victim.tokens.set(7, { balance: 3n, automatic: false, createdNs: 0n, frozen: false, kycGranted: true });
      ledger.pendingAirdrops.push({ sender: payer.num, receiver: victim.num, token: 7, amount: 1n, createdNs: 0n });
      const before = structuredClone({ accounts: ledger.accounts, pending: ledger.pendingAirdrops, schedules: ledger.schedules });
      const nextNum = ledger.peekEntityNum();
      const seen: unknown[] = [];
      const writer: TransactionHandler = {
        handle(ctx) {
          const account = ctx.ledger.accountByNum(victim.num);
          account.balance = 0n;
          account.tokens.get(7)!.balance = 0n;
          account.hbarAllowances.set(payer.num, 5n);
          ctx.payer.balance -= 1n;
          const created = ctx.ledger.addAccount({ key: keyOf(), balance: 1n });
          ctx.ledger.pendingAirdrops.length = 0;
          ctx.ledger.accounts.delete(FEE_COLLECTOR_NUM);
          seen.push(ctx.ledger.accountByNum(victim.num).balance, ctx.ledger.accounts.has(created.num), ctx.ledger.accounts.size);
          ctx.requireSignature(account.key);
        },
      };
      const body = proto.TransactionBody.decode(proto.TransactionBody.encode({
        transactionID: { accountID: account(OPERATOR_NUM), transactionValidStart: { seconds: Long.fromNumber(1), nanos: 0 }, scheduled: true },
        cryptoTransfer: {},
      }).finish());
      const keys = requiredKeysOf(ledger, { cryptoTransfer: writer }, { body, bodyName: 'cryptoTransfer', hash: new Uint8Array() }, payer, 2n);
      expect(keys.map(fingerprint)).to.deep.equal([operatorKey, victim.key].map(fingerprint));
      expect(seen).to.deep.equal([0n, true, 3]);
      expect({ accounts: ledger.accounts, pending: ledger.pendingAirdrops, schedules: ledger.schedules }).to.deep.equal(before);
      expect(ledger.peekEntityNum()).to.equal(nextNum);
      expect(ledger.accounts.get(victim.num)).to.equal(victim);
    });

    it('keeps the keys asked before a failure the transfer would meet anyway', () => {
      const ledger = new Ledger({ transactionFee: 100_000n, queryFee: 0n });
      const operatorKey = keyOf();
      const payer = ledger.addAccount({ num: OPERATOR_NUM, key: operatorKey, balance: 10n ** 12n });
      const body = proto.TransactionBody.decode(proto.TransactionBody.encode({
        transactionID: { accountID: account(OPERATOR_NUM), transactionValidStart: { seconds: Long.fromNumber(1), nanos: 0 }, scheduled: true },
        cryptoTransfer: { transfers: { accountAmounts: [{ accountID: account(4242), amount: Long.fromNumber(-1) }, { accountID: account(OPERATOR_NUM), amount: Long.fromNumber(1) }] } },
      }).finish());
      const keys = requiredKeysOf(ledger, TRANSACTION_HANDLERS, { body, bodyName: 'cryptoTransfer', hash: new Uint8Array() }, payer, 2n);
      expect(keys.map(fingerprint)).to.deep.equal([fingerprint(operatorKey)]);
    });
  });
});
