import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { createKitFromEnv } from '../../../src/config/env-kit.js';
import { AgentHooksError } from '../../../src/errors/index.js';
import { PUBLIC_MIRROR_URLS, mirrorFor } from '../../../src/mirror/mirror-client.js';
import coreQueriesPlugin from '../../../plugins/core-queries/index.js';

async function refusal(env: Record<string, string>): Promise<AgentHooksError> {
  const error = await createKitFromEnv({ env, kit: { pluginsDir: null } }).then(
    (made) => { void made.close(); return undefined; },
    (thrown: unknown) => thrown,
  );
  expect(error).to.be.instanceOf(AgentHooksError);
  return error as AgentHooksError;
}

describe('createKitFromEnv', () => {
  describe('when no HEDERA_ variable is set', () => {
    it('starts a devnet, acts for its operator and reads its mirror, and close() stops it all', async () => {
      const made = await createKitFromEnv({ env: {}, kit: { pluginsDir: null, plugins: [coreQueriesPlugin] } });
      try {
        expect(made.devnet).to.not.equal(undefined);
        expect(made.kit.context.accountId).to.equal(made.devnet!.operatorId);
        expect(made.kit.context.mirrorNodeUrl).to.equal(made.devnet!.mirrorUrl);
        const balance = await made.kit.execute('get_hbar_balance_query_tool', {});
        expect(balance.raw.status, balance.humanMessage).to.equal('SUCCESS');
        expect(balance.raw.accountId).to.equal(made.devnet!.operatorId);
      } finally {
        await made.close();
      }
      const after = await fetch(`${made.devnet!.mirrorUrl}/api/v1/accounts/0.0.2`).then(() => 'answered', () => 'stopped');
      expect(after).to.equal('stopped');
      await made.close();
    });
  });

  describe('when a real network is configured', () => {
    it('builds an operator client for it and defaults to its public mirror', async () => {
      const key = PrivateKey.generateED25519();
      const made = await createKitFromEnv({ env: { HEDERA_NETWORK: 'testnet', HEDERA_OPERATOR_ID: '0.0.4321', HEDERA_OPERATOR_KEY: key.toStringDer() }, kit: { pluginsDir: null } });
      try {
        expect(made.devnet).to.equal(undefined);
        expect(made.client.operatorAccountId?.toString()).to.equal('0.0.4321');
        expect(made.client.operatorPublicKey?.toString()).to.equal(key.publicKey.toString());
        expect(made.client.ledgerId?.isTestnet()).to.equal(true);
        expect(made.kit.context.accountId).to.equal('0.0.4321');
        expect(made.kit.context.mirrorNodeUrl).to.equal(undefined);
        // tools fall back to the public mirror of the client's network
        expect(mirrorFor(made.kit.context, made.client).baseUrl).to.equal(PUBLIC_MIRROR_URLS.testnet);
      } finally {
        await made.close();
      }
    });

    it('reads 0x-prefixed hex as an ECDSA key and honours HEDERA_MIRROR_NODE_URL', async () => {
      const key = PrivateKey.generateECDSA();
      const made = await createKitFromEnv({
        env: { HEDERA_NETWORK: 'mainnet', HEDERA_OPERATOR_ID: '0.0.7', HEDERA_OPERATOR_KEY: `0x${key.toStringRaw()}`, HEDERA_MIRROR_NODE_URL: 'http://127.0.0.1:5551' },
        kit: { pluginsDir: null },
      });
      try {
        expect(made.client.operatorPublicKey?.toString()).to.equal(key.publicKey.toString());
        expect(made.kit.context.mirrorNodeUrl).to.equal('http://127.0.0.1:5551');
      } finally {
        await made.close();
      }
    });
  });

  describe('when HEDERA_NETWORK=devnet comes with operator variables', () => {
    it('runs on the devnet and reports the variables as unused, in warnings and the log', async () => {
      const warned: string[] = [];
      const logger = { debug: () => undefined, warn: (_fields: object, message: string) => void warned.push(message), error: () => undefined };
      const env = { HEDERA_NETWORK: 'devnet', HEDERA_OPERATOR_ID: '0.0.4321', HEDERA_OPERATOR_KEY: PrivateKey.generateED25519().toStringDer() };
      const made = await createKitFromEnv({ env, kit: { pluginsDir: null, logger } });
      try {
        expect(made.devnet).to.not.equal(undefined);
        expect(made.kit.context.accountId).to.equal(made.devnet!.operatorId);
        expect(made.warnings).to.have.length(1);
        expect(made.warnings[0]).to.match(/^HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY are set but not used: network "devnet" \(from HEDERA_NETWORK\)/);
        expect(warned).to.deep.equal(made.warnings);
      } finally {
        await made.close();
      }
    });
  });

  describe('when operator variables come without HEDERA_NETWORK', () => {
    it('refuses, as the CLI does, rather than dropping them for a devnet', async () => {
      const error = await refusal({ HEDERA_OPERATOR_ID: '0.0.7', HEDERA_OPERATOR_KEY: PrivateKey.generateED25519().toStringDer() });
      expect(error.message).to.contain('HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY are set but no network is chosen');
    });
  });

  describe('when the configuration is partial or wrong', () => {
    it('names the missing variables instead of falling back to a devnet', async () => {
      const error = await refusal({ HEDERA_NETWORK: 'testnet' });
      expect(error.message).to.contain('HEDERA_OPERATOR_ID: not set').and.to.contain('HEDERA_OPERATOR_KEY: not set');
    });

    it('refuses an unknown network', async () => {
      const error = await refusal({ HEDERA_NETWORK: 'moonnet', HEDERA_OPERATOR_ID: '0.0.7', HEDERA_OPERATOR_KEY: PrivateKey.generateED25519().toStringDer() });
      expect(error.message).to.contain('HEDERA_NETWORK: "moonnet" is not a network; use one of devnet, testnet, mainnet, previewnet');
    });

    it('refuses a malformed operator ID', async () => {
      const error = await refusal({ HEDERA_NETWORK: 'testnet', HEDERA_OPERATOR_ID: 'alice', HEDERA_OPERATOR_KEY: PrivateKey.generateED25519().toStringDer() });
      expect(error.message).to.contain('HEDERA_OPERATOR_ID: "alice" is not an account ID');
    });

    it('refuses an unreadable key without repeating it', async () => {
      const secret = 'not-a-key-but-secret-0123456789';
      const error = await refusal({ HEDERA_NETWORK: 'testnet', HEDERA_OPERATOR_ID: '0.0.7', HEDERA_OPERATOR_KEY: secret });
      expect(error.message).to.contain('HEDERA_OPERATOR_KEY: not a private key');
      expect(error.message).not.to.contain(secret);
    });
  });
});
