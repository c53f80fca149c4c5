import { expect } from 'chai';
import {
  AccountBalanceQuery, AccountInfoQuery, Hbar, MaxAttemptsOrTimeoutError, PrecheckStatusError, ReceiptStatusError, Status, TransferTransaction, type Client,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';

describe('devnet fault injection', () => {
  let net: Devnet;
  let client: Client;

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
  });
  afterEach(() => net.faults.clear());
  after(async () => { await net.stop(); });

  const transfer = () => new TransferTransaction().addHbarTransfer(net.operatorId, Hbar.fromTinybars(-1)).addHbarTransfer('0.0.98', Hbar.fromTinybars(1));

  describe('when a precheck fault is transient', () => {
    it('lets the SDK retry BUSY and then succeed', async () => {
      const fault = net.faults.inject({ rpc: 'cryptoTransfer', precheck: 'BUSY', times: 2 });
      const receipt = await (await transfer().execute(client)).getReceipt(client);
      expect(receipt.status).to.equal(Status.Success);
      expect(fault.hits).to.equal(2);
      expect(fault.remaining).to.equal(0);
    });

    it('lets the SDK retry PLATFORM_TRANSACTION_NOT_CREATED and BUSY on queries', async () => {
      const txFault = net.faults.inject({ rpc: 'cryptoTransfer', precheck: 'PLATFORM_TRANSACTION_NOT_CREATED', times: 1 });
      const queryFault = net.faults.inject({ rpc: 'getAccountInfo', precheck: 'BUSY', times: 1 });
      await (await transfer().execute(client)).getReceipt(client);
      const info = await new AccountInfoQuery().setAccountId(net.operatorId).execute(client);
      expect(info.accountId.toString()).to.equal('0.0.2');
      expect([txFault.hits, queryFault.hits]).to.deep.equal([1, 1]);
    });
  });

  describe('when a gRPC fault is transient', () => {
    it('lets the SDK retry UNAVAILABLE and then succeed without the default node backoff', async () => {
      const fault = net.faults.inject({ rpc: '/proto.CryptoService/cryptoTransfer', grpcError: 'UNAVAILABLE', times: 2 });
      const receipt = await (await transfer().execute(client)).getReceipt(client);
      expect(receipt.status).to.equal(Status.Success);
      expect(fault.hits).to.equal(2);
    });

    it('retries UNAVAILABLE on receipt queries too', async () => {
      const response = await transfer().execute(client);
      const fault = net.faults.inject({ rpc: 'getTransactionReceipts', grpcError: 'UNAVAILABLE', times: 1 });
      expect((await response.getReceipt(client)).status).to.equal(Status.Success);
      expect(fault.hits).to.equal(1);
    });
  });

  describe('when the fault persists', () => {
    it('gives up on BUSY after the configured attempts, naming the status', async () => {
      net.faults.inject({ rpc: 'cryptoTransfer', precheck: 'BUSY' });
      const error = await transfer().execute(net.client().setMaxAttempts(3)).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(MaxAttemptsOrTimeoutError);
      expect((error as Error).message).to.contain('max attempts of 3').and.to.contain('BUSY');
    });

    it('gives up on UNAVAILABLE after the configured attempts', async () => {
      const fault = net.faults.inject({ rpc: 'cryptoGetBalance', grpcError: 'UNAVAILABLE' });
      const error = await new AccountBalanceQuery().setAccountId(net.operatorId).execute(net.client().setMaxAttempts(4)).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(MaxAttemptsOrTimeoutError);
      expect((error as Error).message).to.contain('UNAVAILABLE');
      expect(fault.hits).to.be.greaterThan(0);
    });

    it('surfaces a non-retryable precheck code at once as PrecheckStatusError', async () => {
      const fault = net.faults.inject({ rpc: 'cryptoTransfer', precheck: 'INSUFFICIENT_TX_FEE' });
      const error = await transfer().execute(client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(PrecheckStatusError);
      expect((error as PrecheckStatusError).status).to.equal(Status.InsufficientTxFee);
      expect(fault.hits).to.equal(1);
    });
  });

  describe('when a receipt status is injected', () => {
    it('fails the transaction at consensus with that status and leaves balances as they were but for the fee', async () => {
      const { accountId } = await net.createAccount({ hbar: 0 });
      net.faults.inject({ rpc: 'cryptoTransfer', receiptStatus: 'INVALID_SIGNATURE', times: 1 });
      const tx = new TransferTransaction().addHbarTransfer(net.operatorId, Hbar.fromTinybars(-5)).addHbarTransfer(accountId, Hbar.fromTinybars(5));
      const error = await (await tx.execute(client)).getReceipt(client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ReceiptStatusError);
      expect((error as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
      expect((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toNumber()).to.equal(0);
    });

    it('makes the SDK keep polling while the receipt says UNKNOWN', async () => {
      const fault = net.faults.inject({ rpc: 'getTransactionReceipts', receiptStatus: 'UNKNOWN', times: 3 });
      const receipt = await (await transfer().execute(client)).getReceipt(client);
      expect(receipt.status).to.equal(Status.Success);
      expect(fault.hits).to.equal(3);
    });
  });

  describe('when latency or probabilities are configured', () => {
    it('delays calls and counts them', async () => {
      const fault = net.faults.inject({ rpc: '*', latencyMs: 5, times: 2 });
      await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client);
      expect(fault.hits).to.equal(1);
    });

    it('never fires at probability 0 and always at probability 1', async () => {
      const never = net.faults.inject({ rpc: 'cryptoGetBalance', grpcError: 'UNAVAILABLE', probability: 0 });
      await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client);
      expect(never.hits).to.equal(0);
      never.remove();
      const always = net.faults.inject({ rpc: 'cryptoGetBalance', precheck: 'BUSY', probability: 1, times: 1 });
      await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client);
      expect(always.hits).to.equal(1);
    });
  });

  describe('when the answer comes after the client gave up', () => {
    it('applies the transaction once, so the SDK retry is answered DUPLICATE_TRANSACTION', async () => {
      const { accountId } = await net.createAccount({ hbar: 0 });
      const impatient = net.client().setGrpcDeadline(300);
      const fault = net.faults.inject({ rpc: 'cryptoTransfer', responseDelayMs: 1_500, times: 1 });
      const tx = new TransferTransaction().addHbarTransfer(net.operatorId, Hbar.fromTinybars(-7)).addHbarTransfer(accountId, Hbar.fromTinybars(7));
      const error = await tx.execute(impatient).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(PrecheckStatusError);
      expect((error as PrecheckStatusError).status).to.equal(Status.DuplicateTransaction);
      expect(fault.hits).to.equal(1);
      expect((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toNumber()).to.equal(7);
    });

    it('still delays the answer of a call it also fails', async () => {
      net.faults.inject({ rpc: 'cryptoGetBalance', responseDelayMs: 200, times: 1 });
      net.faults.inject({ rpc: 'cryptoGetBalance', precheck: 'BUSY', times: 1 });
      const started = Date.now();
      await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client);
      expect(Date.now() - started).to.be.at.least(190);
    });
  });

  describe('when the mirror REST API is given faults', () => {
    it('answers the injected status with a mirror error body, then recovers', async () => {
      const fault = net.faults.mirror.inject({ path: '/api/v1/accounts', status: 503, times: 1 });
      const first = await fetch(`${net.mirrorUrl}/api/v1/accounts/0.0.2`);
      expect(first.status).to.equal(503);
      expect(await first.json()).to.deep.equal({ _status: { messages: [{ message: 'Service Unavailable' }] } });
      const second = await fetch(`${net.mirrorUrl}/api/v1/accounts/0.0.2`);
      expect(second.status).to.equal(200);
      expect(fault.hits).to.equal(1);
    });

    it('matches regular expressions against path and query, and adds latency', async () => {
      const notFound = net.faults.mirror.inject({ path: /order=desc/, status: 404, latencyMs: 5 });
      expect((await fetch(`${net.mirrorUrl}/api/v1/balances?order=asc`)).status).to.equal(200);
      const hit = await fetch(`${net.mirrorUrl}/api/v1/balances?order=desc`);
      expect(hit.status).to.equal(404);
      expect(await hit.json()).to.deep.equal({ _status: { messages: [{ message: 'Not found' }] } });
      expect(notFound.hits).to.equal(1);
    });

    it('rejects malformed mirror fault specs', () => {
      expect(() => net.faults.mirror.inject({ path: '*' })).to.throw(/give `status`, `latencyMs` or both/);
      expect(() => net.faults.mirror.inject({ path: '*', status: 200 })).to.throw(/HTTP error status 400\.\.599/);
      expect(() => net.faults.mirror.inject({ path: 5 as never, status: 500 })).to.throw(/`path` must be/);
    });
  });

  describe('when a fault spec is malformed', () => {
    it('throws an error naming the problem', () => {
      expect(() => net.faults.inject({ rpc: 'noSuchRpc', precheck: 'BUSY' })).to.throw(/unknown rpc "noSuchRpc"/);
      expect(() => net.faults.inject({ rpc: 'cryptoTransfer', precheck: 'NOPE' as never })).to.throw(/not a Hedera status name/);
      expect(() => net.faults.inject({ rpc: 'cryptoTransfer', grpcError: 'NOPE' as never })).to.throw(/not a gRPC status name/);
      expect(() => net.faults.inject({ rpc: 'getAccountInfo', receiptStatus: 'SUCCESS' })).to.throw(/receiptStatus applies to transaction RPCs/);
      expect(() => net.faults.inject({ rpc: 'cryptoTransfer', precheck: 'BUSY', times: 0 })).to.throw(/times must be a positive integer/);
      expect(() => net.faults.inject({ rpc: 'cryptoTransfer', precheck: 'BUSY', latencyMs: 3 } as never)).to.throw(/exactly one of/);
      expect(() => net.faults.inject({ rpc: 'cryptoTransfer', responseDelayMs: -1 })).to.throw(/responseDelayMs must be a non-negative number/);
    });
  });
});
