import { expect } from 'chai';
import {
  AccountCreateTransaction, ContractCreateTransaction, ContractExecuteTransaction, ContractFunctionParameters, Hbar, PrivateKey,
  type Client, type ContractId, type TransactionRecord,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { keccak256 } from '../../../src/devnet/evm/evm-runtime.js';
import { Probe } from '../../support/compiled-test-contracts.js';
import { checkedGet } from '../../support/mirror-checked.js';
import { addressWord, deployProbe, revertReason, submitForRecord } from '../../support/probe-contract.js';

const STORED_TOPIC = `0x${Buffer.from(keccak256(Buffer.from('Stored(address,uint256,string)'))).toString('hex')}`;
const word = (value: number) => `0x${value.toString(16).padStart(64, '0')}`;
/** The mirror's transaction ID (`0.0.2-<s>-<9-digit n>`) of a record. */
const mirrorTxId = (record: TransactionRecord) => record.transactionId.toString().replace(/@(\d+)\.(\d+)$/, (_m, s: string, n: string) => `-${s}-${n.padStart(9, '0')}`);
const mirrorTime = (record: TransactionRecord) => `${record.consensusTimestamp.seconds.toString()}.${String(record.consensusTimestamp.nanos.toNumber()).padStart(9, '0')}`;

describe('devnet mirror: contracts, contract results and logs', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  let probe: ContractId;
  const get = (path: string, status = 200) => checkedGet(net.mirrorUrl, `/api/v1${path}`, status);
  const store = (id: ContractId, value: number, payer = client) =>
    submitForRecord(payer, new ContractExecuteTransaction().setContractId(id).setGas(200_000).setFunction('store', new ContractFunctionParameters().addUint256(value)));

  before(async () => {
    net = await startDevnet();
    client = net.client();
    probe = await deployProbe(client, { initial: 6 });
  });
  after(async () => { await net.stop(); });

  describe('when reading a contract', () => {
    it('answers /contracts/{id} by ID and by EVM address with its creation and runtime bytecode', async () => {
      const byId = await get(`/contracts/${probe}`);
      expect(byId).to.include({ contract_id: probe.toString(), evm_address: `0x${probe.toEvmAddress()}`, deleted: false, file_id: null, nonce: 1 });
      expect(byId.bytecode).to.equal(`0x${Probe.bytecode}${'6'.padStart(64, '0')}`);
      expect(byId.runtime_bytecode).to.equal(`0x${Probe.deployedBytecode}`);
      expect(byId.admin_key._type).to.equal('ProtobufEncoded');
      expect(await get(`/contracts/0x${probe.toEvmAddress()}`)).to.deep.equal(byId);
      expect((await get(`/contracts/${probe}?timestamp=lt:${byId.created_timestamp}`, 404))._status.messages[0].message).to.equal('Not found');
      expect((await get(`/contracts/${probe}?timestamp=lte:${byId.created_timestamp}`)).contract_id).to.equal(probe.toString());
    });

    it('lists every contract once across pages, newest first, and filters by ID or EVM address', async () => {
      await deployProbe(client);
      await deployProbe(client);
      const seen: string[] = [];
      let next: string | null = '/api/v1/contracts?limit=2';
      while (next) {
        const body: { contracts: Array<{ contract_id: string }>; links: { next: string | null } } = await checkedGet(net.mirrorUrl, next);
        seen.push(...body.contracts.map((c) => c.contract_id));
        next = body.links.next;
      }
      const nums = seen.map((id) => Number(id.split('.')[2]));
      expect(nums).to.deep.equal([...nums].sort((a, b) => b - a));
      expect(new Set(seen).size).to.equal(seen.length);
      expect(seen).to.include.members([probe.toString(), net.contracts.erc20Factory.contractId, net.contracts.erc721Factory.contractId]);
      const one = await get(`/contracts?contract.id=${net.contracts.erc721Factory.evmAddress.slice(2)}`);
      expect(one.contracts.map((c: { contract_id: string }) => c.contract_id)).to.deep.equal([net.contracts.erc721Factory.contractId]);
    });
  });

  describe('when reading a contract result', () => {
    it('answers a call by transaction ID and by hash with sender, gas, parameters and logs', async () => {
      const record = await store(probe, 12);
      const result = await get(`/contracts/results/${mirrorTxId(record)}`);
      expect(result).to.include({
        contract_id: probe.toString(), address: `0x${probe.toEvmAddress()}`, to: `0x${probe.toEvmAddress()}`,
        from: `0x${'2'.padStart(40, '0')}`, gas_limit: 200_000, gas_used: record.contractFunctionResult!.gasUsed.toNumber(),
        result: 'SUCCESS', status: '0x1', error_message: null, amount: 0, timestamp: mirrorTime(record),
      });
      expect(result.function_parameters).to.equal(`0x6057361d${'c'.padStart(64, '0')}`); // store(uint256) with 12
      expect(result.logs).to.have.length(1);
      expect(result.logs[0]).to.include({ address: `0x${probe.toEvmAddress()}`, contract_id: probe.toString(), index: 0 });
      expect(result.logs[0].topics).to.deep.equal([STORED_TOPIC, `0x${addressWord('2')}`, word(12)]);
      expect(result.hash).to.equal(`0x${Buffer.from(record.transactionHash).subarray(0, 32).toString('hex')}`);
      expect(await get(`/contracts/results/${result.hash}`)).to.deep.equal(result);
      expect(await get(`/contracts/results/${result.hash.slice(2)}`)).to.deep.equal(result);
    });

    it('shows a revert with its message and a failed create without a contract', async () => {
      const reverted = await submitForRecord(client, new ContractExecuteTransaction().setContractId(probe).setGas(100_000)
        .setFunction('failWith', new ContractFunctionParameters().addString('mirror me')));
      const revert = await get(`/contracts/results/${mirrorTxId(reverted)}`);
      expect(revert).to.include({ result: 'CONTRACT_REVERT_EXECUTED', status: '0x0', contract_id: probe.toString(), gas_used: 80_000 });
      expect(revertReason(revert.error_message)).to.equal('mirror me');
      expect(revert.logs).to.deep.equal([]);
      const failedCreate = await submitForRecord(client, new ContractCreateTransaction().setBytecode(Buffer.from(Probe.bytecode, 'hex')).setGas(100_000));
      const create = await get(`/contracts/results/${mirrorTxId(failedCreate)}`);
      expect(create).to.include({ contract_id: null, to: null, address: `0x${'0'.repeat(40)}`, result: 'CONTRACT_REVERT_EXECUTED' });
      expect(create.failed_initcode).to.equal(`0x${Probe.bytecode}`);
      expect(create.created_contract_ids).to.deep.equal([]);
    });

    it('lists what a create made, and answers 404 for a transaction that ran no contract', async () => {
      const created = await submitForRecord(client, new ContractExecuteTransaction().setContractId(probe).setGas(400_000)
        .setFunction('spawn', new ContractFunctionParameters().addUint256(1)));
      const result = await get(`/contracts/results/${mirrorTxId(created)}`);
      expect(result.created_contract_ids).to.deep.equal(created.contractFunctionResult!.createdContractIds.map(String));
      const child = await get(`/contracts/${result.created_contract_ids[0]}`);
      expect(child.evm_address).to.equal(`0x${created.contractFunctionResult!.getAddress(0)}`);
      expect((await get(`/contracts/0x${created.contractFunctionResult!.getAddress(0)}`)).contract_id).to.equal(child.contract_id);
      const transfer = await (await new AccountCreateTransaction().setKeyWithoutAlias(PrivateKey.generateED25519().publicKey).execute(client)).getRecord(client);
      await get(`/contracts/results/${mirrorTxId(transfer)}`, 404);
    });

    it('shows an ECDSA caller under its EVM alias', async () => {
      const key = PrivateKey.generateECDSA();
      const account = (await (await new AccountCreateTransaction().setECDSAKeyWithAlias(key.publicKey).setInitialBalance(new Hbar(30)).execute(client)).getReceipt(client)).accountId!;
      const record = await store(probe, 1, net.client().setOperator(account, key));
      expect((await get(`/contracts/results/${mirrorTxId(record)}`)).from).to.equal(`0x${key.publicKey.toEvmAddress()}`);
    });
  });

  describe('when listing a contract’s logs', () => {
    let logged: ContractId;
    const stores: TransactionRecord[] = [];
    before(async () => {
      logged = await deployProbe(client);
      for (const value of [101, 102, 103, 104, 105]) stores.push(await store(logged, value));
    });

    it('pages them newest first by timestamp and index, every log once', async () => {
      const seen: number[] = [];
      let next: string | null = `/api/v1/contracts/${logged}/results/logs?limit=2`;
      while (next) {
        const body: { logs: Array<{ topics: string[]; timestamp: string; root_contract_id: string }>; links: { next: string | null } } = await checkedGet(net.mirrorUrl, next);
        seen.push(...body.logs.map((log) => Number(BigInt(log.topics[2]))));
        for (const log of body.logs) expect(log.root_contract_id).to.equal(logged.toString());
        next = body.links.next;
      }
      expect(seen).to.deep.equal([105, 104, 103, 102, 101]);
      const ascending = await get(`/contracts/${logged}/results/logs?order=asc`);
      expect(ascending.logs.map((log: { timestamp: string }) => log.timestamp)).to.deep.equal(stores.map(mirrorTime));
    });

    it('filters by topic within a timestamp range', async () => {
      const range = `timestamp=gte:${mirrorTime(stores[0])}&timestamp=lte:${mirrorTime(stores[4])}`;
      const byValue = await get(`/contracts/${logged}/results/logs?${range}&topic2=${word(103)}`);
      expect(byValue.logs.map((log: { timestamp: string }) => log.timestamp)).to.deep.equal([mirrorTime(stores[2])]);
      const bySignature = await get(`/contracts/${logged}/results/logs?${range}&topic0=${STORED_TOPIC}&topic2=67&topic2=68`);
      expect(bySignature.logs).to.have.length(2); // 0x67 = 103, 0x68 = 104, left-padded as the mirror does
      const inWindow = await get(`/contracts/${logged}/results/logs?timestamp=gt:${mirrorTime(stores[3])}`);
      expect(inWindow.logs.map((log: { timestamp: string }) => log.timestamp)).to.deep.equal([mirrorTime(stores[4])]);
      expect((await get(`/contracts/${probe}/results/logs?timestamp=gte:${mirrorTime(stores[0])}`)).logs).to.deep.equal([]);
    });
  });
});
