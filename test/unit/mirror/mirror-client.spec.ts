import { expect } from 'chai';
import { Client } from '@hiero-ledger/sdk';
import { MirrorClient, PUBLIC_MIRROR_URLS, mirrorFor, toMirrorTransactionId } from '../../../src/mirror/mirror-client.js';
import { MirrorError, MirrorErrorCode } from '../../../src/mirror/mirror-error.js';
import { ScriptedMirror } from '../../support/scripted-mirror.js';

const message = (seq: number) => ({
  consensus_timestamp: `1700000000.00000000${seq}`, message: Buffer.from(`m${seq}`).toString('base64'), payer_account_id: '0.0.2',
  running_hash: '', running_hash_version: 3, sequence_number: seq, topic_id: '0.0.9', chunk_info: null,
});

describe('MirrorClient', () => {
  let mirror: ScriptedMirror;
  let client: MirrorClient;

  beforeEach(async () => {
    mirror = new ScriptedMirror();
    await mirror.start();
    client = new MirrorClient(`${mirror.url}/api/v1/`, { retries: 2, retryDelayMs: 1 });
  });
  afterEach(() => mirror.stop());

  describe('when an entity exists', () => {
    it('GETs it under /api/v1 and returns the body with mirror field names', async () => {
      mirror.reply('/api/v1/accounts/0.0.5', { status: 200, body: { account: '0.0.5', balance: { balance: 150, timestamp: null, tokens: [] } } });
      const account = await client.getAccount('0.0.5');
      expect(account.balance.balance).to.equal(150);
      expect(mirror.requests).to.deep.equal(['/api/v1/accounts/0.0.5']);
    });
  });

  describe('when the entity is unknown', () => {
    it('raises a not-found MirrorError naming the entity', async () => {
      const error = await client.getToken('0.0.77').then(() => undefined, (thrown: unknown) => thrown);
      expect(error).to.be.instanceOf(MirrorError);
      expect((error as MirrorError).code).to.equal(MirrorErrorCode.NOT_FOUND);
      expect((error as MirrorError).httpStatus).to.equal(404);
      expect((error as MirrorError).message).to.contain('token 0.0.77 does not exist');
    });
  });

  describe('when the mirror is rate limiting or unavailable', () => {
    it('retries 429 and 503 and then succeeds', async () => {
      mirror.reply('/api/v1/topics/0.0.9', { status: 429 }, { status: 503 }, { status: 200, body: { topic_id: '0.0.9', memo: 'x' } });
      const topic = await client.getTopic('0.0.9');
      expect(topic.memo).to.equal('x');
      expect(mirror.requests).to.have.length(3);
    });

    it('gives up after the bounded number of retries', async () => {
      mirror.reply('/api/v1/topics/0.0.9', { status: 503 });
      const error = await client.getTopic('0.0.9').then(() => undefined, (thrown: unknown) => thrown);
      expect((error as MirrorError).code).to.equal(MirrorErrorCode.UNAVAILABLE);
      expect(mirror.requests).to.have.length(3);
    });

    it('does not retry other errors', async () => {
      mirror.reply('/api/v1/topics/0.0.9', { status: 400, body: {} });
      const error = await client.getTopic('0.0.9').then(() => undefined, (thrown: unknown) => thrown);
      expect((error as MirrorError).code).to.equal(MirrorErrorCode.BAD_RESPONSE);
      expect(mirror.requests).to.have.length(1);
    });

    it('reports a body that is not JSON', async () => {
      mirror.reply('/api/v1/tokens/0.0.1', { status: 200, body: 'not json' });
      const error = await client.getToken('0.0.1').then(() => undefined, (thrown: unknown) => thrown);
      expect((error as MirrorError).code).to.equal(MirrorErrorCode.BAD_RESPONSE);
    });
  });

  describe('when the caller cancels the request', () => {
    it('stops at once, skipping the retries still to come, and says it was cancelled', async () => {
      const patient = new MirrorClient(mirror.url, { retries: 2, retryDelayMs: 60_000 });
      mirror.reply('/api/v1/topics/0.0.9', { status: 503 });
      const cancel = new AbortController();
      const read = patient.getJson('/topics/0.0.9', 'topic 0.0.9', { signal: cancel.signal }).then(() => undefined, (thrown: unknown) => thrown);
      while (mirror.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
      cancel.abort();
      const error = (await read) as MirrorError;
      expect(error.code).to.equal(MirrorErrorCode.UNAVAILABLE);
      expect(error.message).to.equal(`The request to the mirror node at ${mirror.url} for topic 0.0.9 was cancelled.`);
      expect(mirror.requests).to.have.length(1);
    });

    it('sends nothing when the signal is already aborted', async () => {
      mirror.reply('/api/v1/topics/0.0.9', { status: 200, body: { topic_id: '0.0.9' } });
      const error = await client.getJson('/topics/0.0.9', 'topic 0.0.9', { signal: AbortSignal.abort() }).then(() => undefined, (thrown: unknown) => thrown);
      expect((error as MirrorError).message).to.contain('was cancelled');
      expect(mirror.requests).to.deep.equal([]);
    });
  });

  describe('when topic messages span pages', () => {
    it('follows links.next until the limit is reached, passing the filters', async () => {
      mirror.reply('/api/v1/topics/0.0.9/messages?limit=3', { status: 200, body: { messages: [message(1), message(2)], links: { next: '/api/v1/topics/0.0.9/messages?page=2' } } });
      mirror.reply('/api/v1/topics/0.0.9/messages?page=2', { status: 200, body: { messages: [message(3), message(4)], links: { next: '/api/v1/topics/0.0.9/messages?page=3' } } });
      const body = await client.getTopicMessages('0.0.9', { limit: 3, order: 'asc', sequenceNumber: 'gt:0', timestamp: ['gte:1.0', 'lte:2.0'] });
      expect(body.messages.map((each) => each.sequence_number)).to.deep.equal([1, 2, 3]);
      expect(mirror.requests[0]).to.equal('/api/v1/topics/0.0.9/messages?limit=3&order=asc&sequencenumber=gt%3A0&timestamp=gte%3A1.0&timestamp=lte%3A2.0');
      expect(mirror.requests).to.have.length(2);
    });

    it('stops when there is no next page', async () => {
      mirror.reply('/api/v1/topics/0.0.9/messages', { status: 200, body: { messages: [message(1)], links: { next: null } } });
      const body = await client.getTopicMessages('0.0.9', { limit: 50 });
      expect(body.messages).to.have.length(1);
      expect(mirror.requests).to.have.length(1);
    });
  });

  describe('when listing account tokens and balances', () => {
    it('collects every page of token relationships', async () => {
      mirror.reply('/api/v1/accounts/0.0.5/tokens?limit=100', { status: 200, body: { tokens: [{ token_id: '0.0.7', balance: 1 }], links: { next: '/api/v1/accounts/0.0.5/tokens?p=2' } } });
      mirror.reply('/api/v1/accounts/0.0.5/tokens?p=2', { status: 200, body: { tokens: [{ token_id: '0.0.8', balance: 2 }], links: { next: null } } });
      const { tokens } = await client.getAccountTokens('0.0.5');
      expect(tokens.map((token) => token.token_id)).to.deep.equal(['0.0.7', '0.0.8']);
    });

    it('collects every page of pending airdrops, and says when pages were left unread', async () => {
      const airdrop = (token: string) => ({ amount: 5, receiver_id: '0.0.5', sender_id: '0.0.2', serial_number: null, timestamp: { from: '1.0', to: null }, token_id: token });
      mirror.reply('/api/v1/accounts/0.0.5/airdrops/pending?limit=100', { status: 200, body: { airdrops: [airdrop('0.0.7')], links: { next: '/api/v1/accounts/0.0.5/airdrops/pending?p=2' } } });
      mirror.reply('/api/v1/accounts/0.0.5/airdrops/pending?p=2', { status: 200, body: { airdrops: [airdrop('0.0.8')], links: { next: null } } });
      const { airdrops, links } = await client.getPendingAirdrops('0.0.5');
      expect([airdrops.map((entry) => entry.token_id), links.next]).to.deep.equal([['0.0.7', '0.0.8'], null]);
      // A list longer than the pages followed keeps its next link, so a caller can say it is partial.
      mirror.reply('/api/v1/accounts/0.0.6/airdrops/pending', { status: 200, body: { airdrops: [airdrop('0.0.9')], links: { next: '/api/v1/accounts/0.0.6/airdrops/pending?again' } } });
      const endless = await client.getPendingAirdrops('0.0.6');
      expect(endless.links.next).to.equal('/api/v1/accounts/0.0.6/airdrops/pending?again');
      expect(endless.airdrops).to.have.length(51);
    });

    it('asks for the exchange rate now, or at a timestamp passed as the filter', async () => {
      const rates = { current_rate: { cent_equivalent: 12, expiration_time: 3600, hbar_equivalent: 1 }, next_rate: { cent_equivalent: 13, expiration_time: 7200, hbar_equivalent: 1 }, timestamp: '1.0' };
      mirror.reply('/api/v1/network/exchangerate', { status: 200, body: rates });
      expect(await client.getExchangeRate()).to.deep.equal(rates);
      await client.getExchangeRate('lte:1700000000.5');
      expect(mirror.requests).to.deep.equal(['/api/v1/network/exchangerate', '/api/v1/network/exchangerate?timestamp=lte%3A1700000000.5']);
    });

    it('passes balance filters by their mirror names', async () => {
      mirror.reply('/api/v1/balances', { status: 200, body: { timestamp: null, balances: [], links: { next: null } } });
      await client.getBalances({ accountId: '0.0.5', limit: 1, order: 'asc' });
      expect(mirror.requests[0]).to.equal('/api/v1/balances?account.id=0.0.5&limit=1&order=asc');
    });
  });

  describe('when reading a route without a method of its own', () => {
    it('GETs the path under /api/v1 and follows a links.next path as it is', async () => {
      mirror.reply('/api/v1/accounts/0.0.5/nfts', { status: 200, body: { nfts: [], links: { next: null } } });
      await client.getJson('/accounts/0.0.5/nfts?limit=100', 'NFTs of account 0.0.5');
      await client.getJson('/api/v1/accounts/0.0.5/nfts?limit=100&serialnumber=lt:3', 'NFTs of account 0.0.5');
      expect(mirror.requests).to.deep.equal(['/api/v1/accounts/0.0.5/nfts?limit=100', '/api/v1/accounts/0.0.5/nfts?limit=100&serialnumber=lt:3']);
    });

    it('POSTs a JSON body and names the thing in a failure', async () => {
      mirror.reply('/api/v1/contracts/call', { status: 200, body: { result: '0x01' } });
      expect(await client.postJson('/contracts/call', { data: '0x12', to: '0xab' }, 'call')).to.deep.equal({ result: '0x01' });
      expect(mirror.calls).to.deep.equal(['POST /api/v1/contracts/call {"data":"0x12","to":"0xab"}']);
      const error = await client.getJson('/schedules/0.0.8', 'schedule 0.0.8').then(() => undefined, (thrown: unknown) => thrown);
      expect((error as MirrorError).message).to.contain('schedule 0.0.8 does not exist');
    });
  });

  describe('when other statuses are configured as retryable', () => {
    it('retries those and no longer the defaults', async () => {
      const gateway = new MirrorClient(mirror.url, { retries: 1, retryDelayMs: 1, retryStatuses: [502] });
      mirror.reply('/api/v1/topics/0.0.9', { status: 502 }, { status: 200, body: { topic_id: '0.0.9', memo: 'x' } });
      expect((await gateway.getTopic('0.0.9')).memo).to.equal('x');
      mirror.reply('/api/v1/tokens/0.0.1', { status: 503 });
      const error = await gateway.getToken('0.0.1').then(() => undefined, (thrown: unknown) => thrown);
      expect((error as MirrorError).httpStatus).to.equal(503);
      expect(mirror.requests).to.have.length(3);
    });
  });

  describe('when reading a transaction', () => {
    it('converts the SDK transaction ID form to the mirror form', async () => {
      mirror.reply('/api/v1/transactions/', { status: 200, body: { transactions: [] } });
      await client.getTransaction('0.0.2@1700000000.000000042');
      expect(mirror.requests[0]).to.equal('/api/v1/transactions/0.0.2-1700000000-000000042');
      expect(toMirrorTransactionId('0.0.2-1-2')).to.equal('0.0.2-1-2');
    });
  });
});

describe('mirrorFor', () => {
  describe('when the context names a mirror', () => {
    it('uses context.mirrorNodeUrl', () => {
      expect(mirrorFor({ mirrorNodeUrl: 'http://127.0.0.1:5551' }).baseUrl).to.equal('http://127.0.0.1:5551');
    });
  });

  describe('when only the network is known', () => {
    it('uses the public mirror of testnet and mainnet clients', () => {
      const testnet = Client.forTestnet({ scheduleNetworkUpdate: false });
      const mainnet = Client.forMainnet({ scheduleNetworkUpdate: false });
      try {
        expect(mirrorFor({}, testnet).baseUrl).to.equal(PUBLIC_MIRROR_URLS.testnet);
        expect(mirrorFor({}, mainnet).baseUrl).to.equal(PUBLIC_MIRROR_URLS.mainnet);
      } finally {
        testnet.close();
        mainnet.close();
      }
    });

    it('asks for mirrorNodeUrl on any other network', () => {
      const local = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false });
      try {
        expect(() => mirrorFor({}, local)).to.throw(MirrorError, /pass mirrorNodeUrl/);
        expect(() => mirrorFor({})).to.throw(MirrorError, /pass mirrorNodeUrl/);
      } finally {
        local.close();
      }
    });

    it('refuses a URL that is not http(s)', () => {
      expect(() => mirrorFor({ mirrorNodeUrl: 'ftp://x' })).to.throw(MirrorError, /http\(s\) URL/);
    });
  });
});
