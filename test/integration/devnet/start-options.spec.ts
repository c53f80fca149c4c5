import { expect } from 'chai';
import { AccountBalanceQuery } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';

describe('startDevnet options', () => {
  let net: Devnet | undefined;
  afterEach(async () => { await net?.stop(); net = undefined; });

  describe('when an option is invalid', () => {
    it('names the option and what it accepts', async () => {
      const cases: Array<[object, string]> = [
        [{ grpcPort: -1 }, 'startDevnet: grpcPort must be an integer port in 0..65535 (got -1)'],
        [{ mirrorPort: 1.5 }, 'startDevnet: mirrorPort must be an integer port in 0..65535 (got 1.5)'],
        [{ grpcPort: 50212 }, 'startDevnet: grpcPort 50212 is reserved: the SDK speaks TLS to that port, the devnet does not'],
        [{ transactionFeeTinybars: -5 }, 'startDevnet: transactionFeeTinybars must be a non-negative integer (got -5)'],
      ];
      for (const [options, message] of cases) {
        const error = await startDevnet(options).catch((e: unknown) => e);
        expect((error as Error).message).to.equal(message);
      }
    });
  });

  describe('when a port is already taken', () => {
    it('fails with the port in the message and leaves nothing listening', async () => {
      net = await startDevnet();
      const mirrorPort = Number(new URL(net.mirrorUrl).port);
      const error = await startDevnet({ mirrorPort }).catch((e: unknown) => e);
      expect((error as Error).message).to.match(new RegExp(`^startDevnet: could not bind 127\\.0\\.0\\.1 \\(grpcPort 0, mirrorPort ${mirrorPort}\\): .*EADDRINUSE`));
    });
  });

  describe('when fees are configured', () => {
    it('charges the configured transaction fee', async () => {
      net = await startDevnet({ transactionFeeTinybars: 7 });
      const client = net.client();
      const before = (await new AccountBalanceQuery().setAccountId('0.0.98').execute(client)).hbars.toTinybars().toNumber();
      await net.createAccount({ hbar: 0 });
      const after = (await new AccountBalanceQuery().setAccountId('0.0.98').execute(client)).hbars.toTinybars().toNumber();
      expect(after - before).to.equal(7);
    });
  });
});
