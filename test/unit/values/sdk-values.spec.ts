import { expect } from 'chai';
import * as cjsSdk from '@hiero-ledger/sdk';
import {
  isAccountId,
  isEntityId,
  isHbar,
  isLong,
  isPrecheckStatusError,
  isPrivateKey,
  isPublicKey,
  isReceiptStatusError,
  isSdkClient,
  isSdkTransaction,
  isStatus,
  looksLikeTransaction,
  statusNameOf,
} from '../../../src/values/sdk-values.js';

type Sdk = typeof cjsSdk;

/** Values that are none of the SDK's kinds, each recogniser must say no to all of them. */
const STRANGERS: unknown[] = [null, undefined, 0, 'Client', '0.0.5', {}, [], () => undefined, new Error('x'), { toString: () => '0.0.5' }, new Date()];

describe('SDK value recognisers', () => {
  // The SDK's CommonJS copy is what this (CommonJS) test requires; `import()` gets its ES-module
  // copy, a second set of classes in the same process, as an ES-module app has.
  const copies: { label: string; sdk: () => Sdk }[] = [];
  let esmSdk: Sdk;
  before(async () => {
    esmSdk = (await import('@hiero-ledger/sdk')) as unknown as Sdk;
    expect(esmSdk.Client, 'the two copies must really differ for this test to mean anything').to.not.equal(cjsSdk.Client);
  });
  copies.push({ label: 'CommonJS', sdk: () => cjsSdk }, { label: 'ES-module', sdk: () => esmSdk });

  for (const { label, sdk } of copies) {
    describe(`when given values of the ${label} copy`, () => {
      it('recognises a Client', () => {
        const client = sdk().Client.forNetwork({ '127.0.0.1:1': '0.0.3' }, { scheduleNetworkUpdate: false });
        try {
          expect(isSdkClient(client)).to.equal(true);
          expect(isSdkTransaction(client)).to.equal(false);
        } finally {
          client.close();
        }
      });

      it('recognises transactions of several kinds, frozen or not, and tells them from queries', () => {
        const { TransferTransaction, TopicCreateTransaction, TokenCreateTransaction, AccountBalanceQuery, AccountId, TransactionId } = sdk();
        const frozen = new TransferTransaction()
          .setTransactionId(TransactionId.generate(AccountId.fromString('0.0.2')))
          .setNodeAccountIds([AccountId.fromString('0.0.3')])
          .freeze();
        for (const tx of [new TransferTransaction(), new TopicCreateTransaction(), new TokenCreateTransaction(), frozen]) {
          expect(isSdkTransaction(tx), tx.constructor.name).to.equal(true);
        }
        const { TransactionReceipt, Status } = sdk();
        const receipt = new (TransactionReceipt as unknown as new (props: object) => object)({ status: Status.Success });
        expect(looksLikeTransaction(receipt), 'a receipt is a result, not unsent work').to.equal(false);
        const query = new AccountBalanceQuery();
        expect(isSdkTransaction(query)).to.equal(false);
        expect(looksLikeTransaction(query), 'a query is unsent work, not a result').to.equal(true);
      });

      it('recognises private keys of both algorithms and tells them from public keys', () => {
        const { PrivateKey } = sdk();
        for (const key of [PrivateKey.generateED25519(), PrivateKey.generateECDSA()]) {
          expect(isPrivateKey(key)).to.equal(true);
          expect(isPublicKey(key)).to.equal(false);
          expect(isPublicKey(key.publicKey)).to.equal(true);
          expect(isPrivateKey(key.publicKey)).to.equal(false);
        }
      });

      it('recognises entity IDs, account IDs, Hbar and Long', () => {
        const { AccountId, TokenId, TopicId, Hbar, Long } = sdk();
        expect(isAccountId(AccountId.fromString('0.0.5'))).to.equal(true);
        expect(isEntityId(AccountId.fromString('0.0.5'))).to.equal(true);
        expect(isEntityId(TokenId.fromString('0.0.7'))).to.equal(true);
        expect(isAccountId(TopicId.fromString('0.0.9')), 'a topic ID is no account').to.equal(false);
        expect(isHbar(new Hbar(1))).to.equal(true);
        expect(isHbar(Hbar.fromTinybars(-5))).to.equal(true);
        expect(isLong(Long.fromNumber(5))).to.equal(true);
        expect(isLong(AccountId.fromString('0.0.5').num)).to.equal(true);
      });

      it('tells precheck from receipt status errors and reads their status names', () => {
        const { PrecheckStatusError, ReceiptStatusError, Status, TransactionId, TransactionReceipt, AccountId } = sdk();
        const transactionId = TransactionId.generate(AccountId.fromString('0.0.2'));
        const precheck = new PrecheckStatusError({ status: Status.DuplicateTransaction, transactionId, nodeId: AccountId.fromString('0.0.3'), contractFunctionResult: null });
        const receipt = new ReceiptStatusError({
          status: Status.InvalidAccountId,
          transactionId,
          // The receipt's constructor is private in the typings; the SDK builds it from a props object.
          transactionReceipt: new (TransactionReceipt as unknown as new (props: object) => cjsSdk.TransactionReceipt)({ status: Status.InvalidAccountId }),
        });
        expect(isPrecheckStatusError(precheck)).to.equal(true);
        expect(isReceiptStatusError(precheck)).to.equal(false);
        expect(isReceiptStatusError(receipt)).to.equal(true);
        expect(isPrecheckStatusError(receipt)).to.equal(false);
        expect(statusNameOf(precheck)).to.equal('DUPLICATE_TRANSACTION');
        expect(statusNameOf(receipt)).to.equal('INVALID_ACCOUNT_ID');
        expect(isStatus(Status.Success)).to.equal(true);
        expect(statusNameOf(Status.Success)).to.equal('SUCCESS');
      });
    });
  }

  describe('when given values that are none of these', () => {
    it('says no for every kind', () => {
      const recognisers = { isSdkClient, isSdkTransaction, isPrivateKey, isPublicKey, isLong, isHbar, isEntityId, isAccountId, isStatus, isPrecheckStatusError, isReceiptStatusError, looksLikeTransaction };
      for (const value of STRANGERS) {
        for (const [name, recognise] of Object.entries(recognisers)) expect(recognise(value), `${name}(${String(value)})`).to.equal(false);
        expect(statusNameOf(value)).to.equal(undefined);
      }
    });

    it('does not take an Error that merely has a status field for a status error', () => {
      const http = Object.assign(new Error('HTTP 404'), { status: 404, transactionId: undefined });
      expect(isPrecheckStatusError(http)).to.equal(false);
      expect(statusNameOf(http)).to.equal(undefined);
    });

    it('does not take a key-shaped plain object for a private key', () => {
      const fake = { toStringDer: () => '', toStringRaw: () => '', toBytesDer: () => new Uint8Array(), toBytesRaw: () => new Uint8Array(), publicKey: {} };
      expect(isPrivateKey(fake), 'a look-alike without sign/signTransaction').to.equal(false);
    });
  });
});
