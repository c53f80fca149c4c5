import { expect } from 'chai';
import sinon from 'sinon';
import { DevnetFaults } from '../../../src/devnet/faults.js';

const TRANSFER = '/proto.CryptoService/cryptoTransfer';
const BALANCE = '/proto.CryptoService/cryptoGetBalance';
const RECEIPT = '/proto.CryptoService/getTransactionReceipts';

describe('DevnetFaults', () => {
  const sandbox = sinon.createSandbox();
  afterEach(() => sandbox.restore());

  function faults(random: () => number = () => 0): DevnetFaults {
    return new DevnetFaults(new Set([TRANSFER, BALANCE, RECEIPT]), new Set([TRANSFER]), random);
  }

  describe('when a counted fault is taken', () => {
    it('acts on exactly `times` calls of its RPC and then retires', () => {
      const f = faults();
      const handle = f.inject({ rpc: 'cryptoTransfer', precheck: 'BUSY', times: 2 });
      expect(f.take(BALANCE).precheck).to.equal(undefined);
      expect(f.take(TRANSFER).precheck).to.equal('BUSY');
      expect(f.take(TRANSFER).precheck).to.equal('BUSY');
      expect(f.take(TRANSFER).precheck).to.equal(undefined);
      expect(handle.hits).to.equal(2);
    });
  });

  describe('when several faults match one call', () => {
    it('adds up latencies but applies only the first action', () => {
      const f = faults();
      f.inject({ rpc: '*', latencyMs: 5 });
      f.inject({ rpc: TRANSFER, grpcError: 'UNAVAILABLE' });
      const second = f.inject({ rpc: 'cryptoTransfer', precheck: 'BUSY' });
      f.inject({ rpc: 'cryptoTransfer', latencyMs: 7 });
      const decision = f.take(TRANSFER);
      expect(decision.latencyMs).to.equal(12);
      expect(decision.grpcError).to.deep.equal({ code: 14, message: 'injected UNAVAILABLE' });
      expect(decision.precheck).to.equal(undefined);
      expect(second.hits).to.equal(0);
    });
  });

  describe('when a probability is set', () => {
    it('fires only when the random draw is below it, and misses do not use up `times`', () => {
      const random = sandbox.stub().returns(0.9);
      const f = faults(random);
      const handle = f.inject({ rpc: 'cryptoGetBalance', precheck: 'BUSY', probability: 0.5, times: 1 });
      expect(f.take(BALANCE).precheck).to.equal(undefined);
      random.returns(0.1);
      expect(f.take(BALANCE).precheck).to.equal('BUSY');
      expect(handle.remaining).to.equal(0);
    });
  });

  describe('when a wildcard receipt fault meets a call without receipts', () => {
    it('skips that call', () => {
      const f = faults();
      const handle = f.inject({ rpc: '*', receiptStatus: 'UNKNOWN', times: 1 });
      expect(f.take(BALANCE).receiptStatus).to.equal(undefined);
      expect(f.take(RECEIPT).receiptStatus).to.equal('UNKNOWN');
      expect(handle.hits).to.equal(1);
    });
  });

  describe('when faults are removed', () => {
    it('stops applying them', () => {
      const f = faults();
      const handle = f.inject({ rpc: 'cryptoTransfer', precheck: 'BUSY' });
      handle.remove();
      expect(f.take(TRANSFER).precheck).to.equal(undefined);
      f.inject({ rpc: 'cryptoTransfer', precheck: 'BUSY' });
      f.clear();
      expect(f.take(TRANSFER).precheck).to.equal(undefined);
    });
  });

  describe('when the rpc name is unknown', () => {
    it('lists where to find valid names', () => {
      expect(() => faults().inject({ rpc: 'transfer', precheck: 'BUSY' })).to.throw(/unknown rpc "transfer".*rpcPaths/);
      expect(faults().rpcPaths).to.deep.equal([BALANCE, TRANSFER, RECEIPT].sort());
    });
  });
});
