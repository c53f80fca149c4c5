import { expect } from 'chai';
import {
  AccountCreateTransaction, ContractExecuteTransaction, ContractFunctionParameters, Hbar, KeyList, PrivateKey, TokenCreateTransaction,
  TopicCreateTransaction, TopicMessageSubmitTransaction,
} from '@hiero-ledger/sdk';
import { MIRROR_ROUTES } from '../../../src/devnet/mirror/routes.js';
import { deployProbe } from '../../support/probe-contract.js';
import { checkedGet } from '../../support/mirror-checked.js';
import { MirrorOpenApi } from '../../support/mirror-openapi.js';
import { buildMirrorWorld, type MirrorWorld } from '../../support/mirror-world.js';

const spec = new MirrorOpenApi();
/** `0.0.2@1.5` → `0.0.2-1-000000005`, the mirror's transaction ID form. */
const mirrorId = (sdkId: string) => sdkId.replace(/@(\d+)\.(\d+)$/, (_m, s: string, n: string) => `-${s}-${n.padStart(9, '0')}`);
const sorted = (values: Iterable<string>) => [...values].sort();

describe('devnet mirror: routes and answers match the mirror OpenAPI document', function () {
  this.timeout(60_000);

  describe('when comparing the route table with the document', () => {
    it('serves the documented paths with exactly their documented query and path parameters', () => {
      expect(sorted(MIRROR_ROUTES.map((route) => route.path))).to.deep.equal(sorted(spec.paths()));
      for (const route of MIRROR_ROUTES) {
        const documented = spec.parameters(route.path);
        expect(sorted(route.query), route.path).to.deep.equal(sorted(documented.filter((p) => p.in === 'query').map((p) => p.name)));
        const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(sorted(inPath), route.path).to.deep.equal(sorted(documented.filter((p) => p.in === 'path').map((p) => p.name)));
        expect(route.method, route.path).to.equal(spec.method(route.path));
      }
    });

    it('serves every endpoint that clients commonly read', () => {
      const served = new Set(MIRROR_ROUTES.map((route) => route.path));
      for (const path of ['/tokens/{tokenId}/nfts/{serialNumber}', '/tokens/{tokenId}/balances', '/tokens', '/accounts', '/network/nodes', '/network/supply',
        '/network/fees', '/schedules', '/schedules/{scheduleId}', '/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding', '/accounts/{idOrAliasOrEvmAddress}/rewards']) {
        expect(served.has(path), path).to.equal(true);
      }
    });

    it('has a validator that rejects what the schema forbids', () => {
      const airdrop = { amount: null, receiver_id: '0.0.5', sender_id: '0.0.2', serial_number: 1, timestamp: { from: '1.000000000', to: null }, token_id: '0.0.7' };
      expect(spec.errors('/accounts/{idOrAliasOrEvmAddress}/airdrops/pending', 200, { airdrops: [airdrop], links: { next: null } })).to.have.length.greaterThan(0);
      expect(spec.errors('/accounts/{idOrAliasOrEvmAddress}/airdrops/pending', 200, { airdrops: [{ ...airdrop, amount: 0 }], links: { next: null } })).to.deep.equal([]);
      expect(spec.errors('/tokens', 500, {})).to.deep.equal(['status 500 is not documented for /tokens']);
    });
  });

  describe('when every route answers', () => {
    let w: MirrorWorld;
    const extra: Record<string, string> = {};
    const get = (path: string, status = 200) => checkedGet(w.net.mirrorUrl, `/api/v1${path}`, status);

    before(async () => {
      w = await buildMirrorWorld(10);
      const client = w.client;
      const receipt = async (tx: { execute(c: typeof client): Promise<{ getReceipt(c: typeof client): Promise<any> }> }) => (await tx.execute(client)).getReceipt(client);
      const ecdsa = PrivateKey.generateECDSA();
      extra.ecdsa = (await receipt(new AccountCreateTransaction().setECDSAKeyWithAlias(ecdsa.publicKey).setInitialBalance(new Hbar(1)))).accountId.toString();
      extra.ecdsaEvm = `0x${ecdsa.publicKey.toEvmAddress()}`;
      const threshold = new KeyList([PrivateKey.generateED25519().publicKey, PrivateKey.generateED25519().publicKey], 1);
      extra.keyList = (await receipt(new AccountCreateTransaction().setKeyWithoutAlias(threshold).setInitialBalance(new Hbar(1)))).accountId.toString();
      const op = w.net.operatorKey.publicKey;
      extra.keyed = (await receipt(new TokenCreateTransaction().setTokenName('Every key').setTokenSymbol('KEYS').setDecimals(8).setInitialSupply(5)
        .setTreasuryAccountId(w.operator).setAdminKey(op).setSupplyKey(op).setKycKey(op).setFreezeKey(op).setWipeKey(op).setPauseKey(op)
        .setFeeScheduleKey(op).setMetadataKey(op).setTokenMemo('memo').setMetadata(Buffer.from('meta')))).tokenId.toString();
      extra.topic = (await receipt(new TopicCreateTransaction().setSubmitKey(op).setAdminKey(op))).topicId.toString();
      await (await new TopicMessageSubmitTransaction().setTopicId(extra.topic).setMessage('x'.repeat(2500)).execute(client)).getReceipt(client);
      const probe = await deployProbe(client);
      extra.contract = probe.toString();
      const call = (fn: string, params: ContractFunctionParameters) => new ContractExecuteTransaction().setContractId(probe).setGas(200_000).setFunction(fn, params).execute(client);
      extra.contractCall = (await call('store', new ContractFunctionParameters().addUint256(3))).transactionId.toString();
      extra.contractRevert = (await call('failWith', new ContractFunctionParameters().addString('no'))).transactionId.toString();
    });
    after(async () => { await w?.stop(); });

    it('answers each route with a body its OpenAPI schema accepts', async () => {
      const messages = await get(`/topics/${extra.topic}/messages`);
      expect(messages.messages.map((m: any) => m.chunk_info.number)).to.deep.equal([1, 2, 3]);
      const transaction = (await get(`/transactions?limit=1`)).transactions[0];
      const paths: Record<string, string[]> = {
        '/accounts': ['/accounts', '/accounts?balance=false&order=desc'],
        '/accounts/{idOrAliasOrEvmAddress}': [`/accounts/${w.operator}`, `/accounts/${extra.ecdsa}`, `/accounts/${extra.ecdsaEvm}`, `/accounts/${extra.keyList}?transactions=false`],
        '/accounts/{idOrAliasOrEvmAddress}/nfts': [`/accounts/${w.operator}/nfts`],
        '/accounts/{idOrAliasOrEvmAddress}/rewards': [`/accounts/${w.operator}/rewards`],
        '/accounts/{idOrAliasOrEvmAddress}/tokens': [`/accounts/${w.operator}/tokens`, `/accounts/${w.holders[0]}/tokens`],
        '/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding': [`/accounts/${w.operator}/airdrops/outstanding`],
        '/accounts/{idOrAliasOrEvmAddress}/airdrops/pending': [`/accounts/${w.receiver}/airdrops/pending`, `/accounts/${w.holders[1]}/airdrops/pending`],
        '/accounts/{idOrAliasOrEvmAddress}/allowances/crypto': [`/accounts/${w.operator}/allowances/crypto`],
        '/accounts/{idOrAliasOrEvmAddress}/allowances/tokens': [`/accounts/${w.operator}/allowances/tokens`],
        '/accounts/{idOrAliasOrEvmAddress}/allowances/nfts': [`/accounts/${w.operator}/allowances/nfts`, `/accounts/${w.holders[0]}/allowances/nfts?owner=false`],
        '/balances': ['/balances', `/balances?account.id=${extra.ecdsaEvm}`],
        '/contracts': ['/contracts', '/contracts?order=asc&limit=1'],
        '/contracts/{contractIdOrAddress}': [`/contracts/${extra.contract}`, `/contracts/${w.net.contracts.erc20Factory.evmAddress}`],
        '/contracts/{contractIdOrAddress}/results/logs': [`/contracts/${extra.contract}/results/logs`],
        '/contracts/results/{transactionIdOrHash}': [`/contracts/results/${mirrorId(extra.contractCall)}`, `/contracts/results/${mirrorId(extra.contractRevert)}`],
        // The one POST route; its answers are checked in contracts-call-mirror.spec.ts.
        '/contracts/call': [],
        '/network/exchangerate': ['/network/exchangerate', '/network/exchangerate?timestamp=lte:1700000000'],
        '/network/fees': ['/network/fees'],
        '/network/nodes': ['/network/nodes'],
        '/network/supply': ['/network/supply'],
        '/schedules': ['/schedules'],
        '/schedules/{scheduleId}': [],
        '/tokens': ['/tokens', '/tokens?type=ALL'],
        '/tokens/{tokenId}': [`/tokens/${extra.keyed}`, `/tokens/${w.nftTokens[0]}`],
        '/tokens/{tokenId}/balances': [`/tokens/${w.coin}/balances`, `/tokens/${extra.keyed}/balances`],
        '/tokens/{tokenId}/nfts': [`/tokens/${w.nftTokens[0]}/nfts`, `/tokens/${w.coin}/nfts`],
        '/tokens/{tokenId}/nfts/{serialNumber}': [`/tokens/${w.nftTokens[0]}/nfts/1`],
        '/topics/{topicId}': [`/topics/${extra.topic}`, `/topics/${w.topic}`],
        '/topics/{topicId}/messages': [`/topics/${w.topic}/messages?encoding=utf-8`],
        '/topics/{topicId}/messages/{sequenceNumber}': [`/topics/${extra.topic}/messages/2`],
        '/topics/messages/{timestamp}': [`/topics/messages/${messages.messages[0].consensus_timestamp}`],
        '/transactions': ['/transactions', '/transactions?order=asc'],
        '/transactions/{transactionId}': [`/transactions/${transaction.transaction_id}`],
      };
      expect(sorted(Object.keys(paths))).to.deep.equal(sorted(MIRROR_ROUTES.map((route) => route.path)));
      for (const list of Object.values(paths)) for (const path of list) await get(path);
      const account = await get(`/accounts/${extra.keyList}`);
      expect(account.key._type).to.equal('ProtobufEncoded');
      const token = await get(`/tokens/${extra.keyed}`);
      expect(token).to.include({ decimals: '8', pause_status: 'UNPAUSED', memo: 'memo', metadata: Buffer.from('meta').toString('base64') });
    });

    it('answers 404 with the error schema for what does not exist', async () => {
      for (const path of ['/accounts/0.0.99999', '/accounts/0.0.99999/nfts', '/accounts/0.0.99999/rewards', '/accounts/0.0.99999/tokens',
        '/accounts/0.0.99999/airdrops/outstanding', '/accounts/0.0.99999/airdrops/pending', '/accounts/0.0.99999/allowances/crypto',
        '/accounts/0.0.99999/allowances/tokens', '/accounts/0.0.99999/allowances/nfts', `/accounts/0x${'ab'.repeat(20)}`, '/accounts/AAAAAAAA',
        '/schedules/0.0.5', '/tokens/0.0.99999', '/tokens/0.0.99999/nfts/1', `/tokens/${w.coin}/nfts/1`, '/topics/0.0.99999',
        '/topics/0.0.99999/messages', `/topics/${w.topic}/messages/99999`, '/topics/messages/1.000000001', '/transactions/0.0.2-1-1',
        '/contracts/0.0.99999', '/contracts/0.0.99999/results/logs', '/contracts/results/0.0.2-1-1', `/contracts/results/${'ab'.repeat(32)}`]) {
        expect((await get(path, 404))._status.messages).to.have.length(1);
      }
    });

    it('answers 400 in the mirror error shape for a bad parameter', async () => {
      const cases: Array<[string, string]> = [
        ['/accounts?limit=0', 'Invalid parameter: limit'],
        ['/accounts?order=sideways', 'Invalid parameter: order'],
        ['/accounts?spender.id=0.0.2', 'Unknown query parameter: spender.id'],
        ['/accounts?account.id=gt:abc', 'Invalid parameter: account.id'],
        ['/accounts?account.balance=lots', 'Invalid parameter: account.balance'],
        ['/accounts?balance=maybe', 'Invalid parameter: balance'],
        ['/accounts?account.publickey=123', 'Invalid parameter: account.publickey'],
        ['/accounts/not-an-id', 'Invalid parameter: idOrAliasOrEvmAddress'],
        [`/accounts/${w.operator}?transactiontype=TELEPORT`, 'Invalid parameter: transactiontype'],
        [`/accounts/${w.operator}?timestamp=yesterday`, 'Invalid parameter: timestamp'],
        [`/accounts/${w.operator}?transactions=perhaps`, 'Invalid parameter: transactions'],
        [`/accounts/${w.operator}/nfts?token.id=ne:0.0.5`, 'Invalid parameter: token.id'],
        [`/accounts/${w.operator}/nfts?spender.id=x`, 'Invalid parameter: spender.id'],
        [`/accounts/${w.operator}/rewards?timestamp=gt:x`, 'Invalid parameter: timestamp'],
        [`/accounts/${w.operator}/tokens?token.id=abc`, 'Invalid parameter: token.id'],
        [`/accounts/${w.operator}/airdrops/outstanding?receiver.id=x`, 'Invalid parameter: receiver.id'],
        [`/accounts/${w.receiver}/airdrops/pending?sender.id=x`, 'Invalid parameter: sender.id'],
        [`/accounts/${w.receiver}/airdrops/pending?serialnumber=gt:1`, 'Invalid parameter: serialnumber'],
        [`/accounts/${w.operator}/allowances/crypto?spender.id=1.2.3.4`, 'Invalid parameter: spender.id'],
        [`/accounts/${w.operator}/allowances/tokens?token.id=gt:0.0.5`, 'Invalid parameter: token.id'],
        [`/accounts/${w.operator}/allowances/nfts?owner=sometimes`, 'Invalid parameter: owner'],
        ['/balances?timestamp=ne:1', 'Invalid parameter: timestamp'],
        ['/balances?account.id=%3F', 'Invalid parameter: account.id'],
        ['/network/exchangerate?timestamp=soon', 'Invalid parameter: timestamp'],
        ['/network/fees?order=up', 'Invalid parameter: order'],
        ['/network/nodes?node.id=-1', 'Invalid parameter: node.id'],
        ['/network/nodes?file.id=gt:0.0.101', 'Invalid parameter: file.id'],
        ['/network/supply?timestamp=x', 'Invalid parameter: timestamp'],
        ['/schedules?schedule.id=x', 'Invalid parameter: schedule.id'],
        ['/schedules/x', 'Invalid parameter: scheduleId'],
        ['/tokens?type=SHINY', 'Invalid parameter: type'],
        ['/tokens?publickey=zz', 'Invalid parameter: publickey'],
        ['/tokens/0.0.x', 'Invalid parameter: tokenId'],
        [`/tokens/${w.coin}?timestamp=gt:1`, 'Invalid parameter: timestamp'],
        [`/tokens/${w.coin}/balances?account.balance=-1`, 'Invalid parameter: account.balance'],
        [`/tokens/${w.coin}/nfts?serialnumber=ne:1`, 'Invalid parameter: serialnumber'],
        [`/tokens/${w.coin}/nfts/abc`, 'Invalid parameter: serialNumber'],
        ['/topics/abc', 'Invalid parameter: topicId'],
        [`/topics/${w.topic}/messages?encoding=ebcdic`, 'Invalid parameter: encoding'],
        [`/topics/${w.topic}/messages?sequencenumber=x`, 'Invalid parameter: sequencenumber'],
        [`/topics/${w.topic}/messages/x`, 'Invalid parameter: sequenceNumber'],
        ['/topics/messages/noon', 'Invalid parameter: timestamp'],
        ['/transactions?result=maybe', 'Invalid parameter: result'],
        ['/transactions?type=sideways', 'Invalid parameter: type'],
        ['/transactions/garbage', 'Invalid parameter: transactionId'],
        [`/transactions/0.0.2-1-1?nonce=-1`, 'Invalid parameter: nonce'],
        [`/transactions/0.0.2-1-1?scheduled=perhaps`, 'Invalid parameter: scheduled'],
        ['/contracts?contract.id=gt:x', 'Invalid parameter: contract.id'],
        ['/contracts/not-an-id', 'Invalid parameter: contractIdOrAddress'],
        [`/contracts/${extra.contract}/results/logs?topic0=xyz`, 'Invalid parameter: topic0'],
        [`/contracts/${extra.contract}/results/logs?index=1`, 'Invalid parameter: index'],
        ['/contracts/results/garbage', 'Invalid parameter: transactionIdOrHash'],
        ['/contracts/results/0.0.2-1-1?nonce=-1', 'Invalid parameter: nonce'],
      ];
      for (const [path, message] of cases) {
        const body = await get(path, 400);
        expect(body._status.messages[0].message, path).to.equal(message);
      }
      const routesHit = new Set(cases.map(([path]) => path.split('?')[0]));
      expect(routesHit.size).to.be.greaterThan(25);
    });
  });
});
