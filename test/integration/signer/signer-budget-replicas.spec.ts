import { expect } from 'chai';
import { Hbar, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { signerClient } from '../../../src/signer/client/signer-client.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';
import { makeTestToken, softHsmMissing, type TestToken } from '../../support/softhsm-token.js';
import { accountWithKey, AGENT_TOKEN, mirrorBalance, publicKeyOfPem, startTokenSigner } from '../../support/signer-attack-world.js';

/*
 * 40 concurrent 1 HBAR transfers against a 30 HBAR budget, by a script holding only the agent's token:
 * through one signer replica, then split across two replicas sharing a real redis-server. Exactly
 * 30 HBAR leave the treasury, read from the mirror at the recipient.
 */
describe('policy signer budgets under concurrency (devnet, SoftHSM2, redis-server, signers as processes)', function () {
  this.timeout(180_000);
  let net: Devnet;
  let operator: Client;
  let token: TestToken;
  let redis: TestRedis;
  let treasury: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  before(async function () {
    skipWithoutRedis(this);
    const missing = softHsmMissing();
    if (missing) {
      process.stdout.write(`      (skipped: ${missing})\n`);
      this.skip();
    }
    redis = await startTestRedis();
    net = await startDevnet();
    operator = net.client();
    token = makeTestToken();
    treasury = await accountWithKey(operator, publicKeyOfPem(token.pems.ed, 'ed25519'), 1_000);
  });

  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await net?.stop();
    await redis?.stop();
    token?.remove();
  });

  async function replica(recipient: string, prefix: string): Promise<Client> {
    const world = await startTokenSigner(net, token, {
      account: treasury,
      keyLabel: token.keys.edImported,
      store: redis.url,
      policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 30, windowMs: 86_400_000, name: 'treasury-budget', store: { redis: redis.url, prefix } }] }],
    });
    const client = await signerClient({ url: world.signer.url, token: AGENT_TOKEN });
    cleanups.push(async () => {
      client.close();
      await world.signer.stop();
      world.remove();
    });
    return client;
  }

  /** Sends `count` 1 HBAR transfers at once, spread over `clients`; answers how many reached SUCCESS and how many the signer refused. */
  async function race(clients: Client[], recipient: string, count: number): Promise<{ sent: number; refused: number; other: string[] }> {
    const outcomes = await Promise.all(
      Array.from({ length: count }, async (_, at) => {
        const client = clients[at % clients.length]!;
        try {
          const response = await new TransferTransaction().addHbarTransfer(treasury, new Hbar(-1)).addHbarTransfer(recipient, new Hbar(1)).execute(client);
          return (await response.getReceipt(client)).status.toString();
        } catch (error) {
          return (error as { code?: string }).code ?? String(error);
        }
      }),
    );
    return { sent: outcomes.filter((o) => o === 'SUCCESS').length, refused: outcomes.filter((o) => o === 'E_SIGNER_REFUSED').length, other: outcomes.filter((o) => o !== 'SUCCESS' && o !== 'E_SIGNER_REFUSED') };
  }

  it('one replica: exactly 30 of 40 concurrent 1 HBAR transfers are signed, and exactly 30 HBAR leave', async () => {
    const recipient = (await net.createAccount({ hbar: 1 })).accountId;
    const before = await mirrorBalance(net, recipient);
    const client = await replica(recipient, 'one-replica');
    const result = await race([client], recipient, 40);
    expect(result).to.deep.equal({ sent: 30, refused: 10, other: [] });
    expect(await mirrorBalance(net, recipient)).to.equal(before + 30n * 100_000_000n);
  });

  it('two replicas on one Redis: exactly 30 of 40 concurrent 1 HBAR transfers are signed between them, and exactly 30 HBAR leave', async () => {
    const recipient = (await net.createAccount({ hbar: 1 })).accountId;
    const before = await mirrorBalance(net, recipient);
    const clients = [await replica(recipient, 'two-replicas'), await replica(recipient, 'two-replicas')];
    const result = await race(clients, recipient, 40);
    expect(result).to.deep.equal({ sent: 30, refused: 10, other: [] });
    expect(await mirrorBalance(net, recipient)).to.equal(before + 30n * 100_000_000n);
  });
});
