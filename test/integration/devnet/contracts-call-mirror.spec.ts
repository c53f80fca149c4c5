import { expect } from 'chai';
import {
  AccountCreateTransaction, ContractCallQuery, ContractExecuteTransaction, ContractFunctionParameters, ContractId, Hbar, PrivateKey, Status,
  type AccountId, type Client,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { checkedCall } from '../../support/mirror-checked.js';
import { getJson, postJson } from '../../support/mirror-openapi.js';
import { deployProbe, submitForRecord } from '../../support/probe-contract.js';
import { keccak256 } from '../../../src/devnet/evm/evm-runtime.js';

const params = () => new ContractFunctionParameters();
/** Selector and encoded arguments of a call, as the SDK encodes them for ContractExecuteTransaction. */
const callData = (name: string, args = params()) => `0x${Buffer.from(new ContractExecuteTransaction().setFunction(name, args).functionParameters!).toString('hex')}`;
const selector = (signature: string) => Buffer.from(keccak256(Buffer.from(signature))).subarray(0, 4).toString('hex');
const word = (value: bigint | number) => BigInt(value).toString(16).padStart(64, '0');

describe('devnet mirror: POST /contracts/call', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  let holder: { id: AccountId; key: PrivateKey; evm: string; client: Client };
  let token: { id: ContractId; evm: string };
  let probe: { id: ContractId; evm: string };
  let receiverEvm: string;
  const call = (body: unknown, status?: number, conforming?: boolean) => checkedCall(net.mirrorUrl, body, status, conforming);
  const balanceOf = async (evm: string) => BigInt((await call({ to: token.evm, data: callData('balanceOf', params().addAddress(evm)) })).result);

  before(async () => {
    net = await startDevnet();
    client = net.client();
    const key = PrivateKey.generateECDSA();
    const id = (await (await new AccountCreateTransaction().setECDSAKeyWithAlias(key.publicKey).setInitialBalance(new Hbar(100)).execute(client)).getReceipt(client)).accountId!;
    holder = { id, key, evm: `0x${key.publicKey.toEvmAddress()}`, client: net.client().setOperator(id, key) };
    const record = await submitForRecord(holder.client, new ContractExecuteTransaction().setContractId(net.contracts.erc20Factory.contractId).setGas(3_000_000)
      .setFunction('deployToken', params().addString('Copper').addString('CU').addUint8(3).addUint256(40)));
    expect(record.receipt.status).to.equal(Status.Success);
    const address = record.contractFunctionResult!.getAddress(0);
    token = { id: ContractId.fromEvmAddress(0, 0, address), evm: `0x${address}` };
    const probeId = await deployProbe(client, { initial: 7 });
    probe = { id: probeId, evm: `0x${probeId.toEvmAddress()}` };
    receiverEvm = `0x${ContractId.fromString((await net.createAccount({ hbar: 1 })).accountId).toEvmAddress()}`;
  });
  after(async () => { await net.stop(); });

  describe('when the call succeeds', () => {
    it('answers the ABI-encoded result of view functions, as ContractCallQuery does', async () => {
      expect(await call({ data: '0x313ce567', to: token.evm })).to.deep.equal({ result: `0x${word(3)}` });
      expect(await balanceOf(holder.evm)).to.equal(40_000n);
      const name = await call({ to: token.evm, data: callData('name') });
      const viaSdk = await new ContractCallQuery().setContractId(token.id).setGas(100_000).setFunction('name').execute(client);
      expect(name.result).to.equal(`0x${Buffer.from(viaSdk.bytes).toString('hex')}`);
      expect(viaSdk.getString(0)).to.equal('Copper');
    });

    it('runs as `from` (the zero address when absent) and accepts addresses with or without 0x', async () => {
      expect((await call({ to: probe.evm, data: callData('whoami'), from: holder.evm })).result).to.equal(`0x${word(0).slice(0, 24)}${holder.evm.slice(2)}`);
      expect(BigInt((await call({ to: probe.evm.slice(2), data: callData('whoami') })).result)).to.equal(0n);
    });

    it('simulates a state change without applying it', async () => {
      const moved = await call({ to: token.evm, from: holder.evm, data: callData('transfer', params().addAddress(receiverEvm).addUint256(1_500)) });
      expect(BigInt(moved.result)).to.equal(1n);
      expect(await balanceOf(receiverEvm)).to.equal(0n);
      expect(await balanceOf(holder.evm)).to.equal(40_000n);
      // A function that returns nothing answers "0x", as on the mirror node (whose document's pattern wants a digit).
      const stored = await postJson(`${net.mirrorUrl}/api/v1/contracts/call`, { to: probe.evm, data: callData('store', params().addUint256(99)) });
      expect(stored).to.deep.equal({ status: 200, body: { result: '0x' } });
      expect(BigInt((await call({ to: probe.evm, data: callData('stored') })).result)).to.equal(7n);
    });

    it('estimates the gas a call needs: enough to run it, and less fails', async () => {
      const body = { to: token.evm, from: holder.evm, data: callData('transfer', params().addAddress(receiverEvm).addUint256(1)) };
      const { result } = await call({ ...body, estimate: true });
      expect(result).to.match(/^0x[0-9a-f]{16}$/);
      const gas = Number(BigInt(result));
      expect(gas).to.be.greaterThan(21_000).and.lessThan(100_000);
      expect(BigInt((await call({ ...body, gas })).result)).to.equal(1n);
      const short = await call({ ...body, gas: 21_500 }, 400, true);
      expect(short._status.messages[0].message).to.equal('INSUFFICIENT_GAS');
    });

    it('answers the latest block by name or number, and ignores fields it does not know', async () => {
      // Each transaction is its own block, so the latest block's number is the count of records less one.
      const blocks = (await getJson(`${net.mirrorUrl}/api/v1/transactions?limit=100`)).body.transactions.length;
      for (const block of ['latest', 'pending', String(blocks - 1), `0x${(blocks - 1).toString(16)}`]) {
        expect(BigInt((await call({ to: probe.evm, data: callData('stored'), block, gasPrice: 0, value: 0 })).result), block).to.equal(7n);
      }
      expect(BigInt((await call({ to: probe.evm, data: callData('stored'), colour: 'blue' }, 200, true)).result)).to.equal(7n);
    });

    it('answers an empty result for an address without code', async () => {
      const answer = await postJson(`${net.mirrorUrl}/api/v1/contracts/call`, { to: receiverEvm, data: '0x313ce567' });
      expect(answer).to.deep.equal({ status: 200, body: { result: '0x' } });
    });
  });

  describe('when the call fails in the EVM', () => {
    it('answers a revert as 400 CONTRACT_REVERT_EXECUTED with the reason and the revert data', async () => {
      const body = await call({ to: token.evm, from: holder.evm, data: callData('transfer', params().addAddress(receiverEvm).addUint256(40_001)) }, 400, true);
      const [message] = body._status.messages;
      expect(message).to.include({ message: 'CONTRACT_REVERT_EXECUTED', detail: 'ERC20: transfer amount exceeds balance' });
      expect(message.data).to.match(/^0x08c379a0/);
      const custom = (await call({ to: probe.evm, data: callData('failCustom', params().addUint256(5)) }, 400, true))._status.messages[0];
      expect(custom.detail).to.equal('');
      expect(custom.data).to.equal(`0x${selector('Refused(uint256)')}${word(5)}`);
    });

    it('answers other halts with the status a node gives them', async () => {
      const [message] = (await call({ to: probe.evm, data: callData('breakDown') }, 400, true))._status.messages;
      expect(message.message).to.equal('CONTRACT_EXECUTION_EXCEPTION');
      expect(message).to.not.have.property('data');
    });
  });

  describe('when the request is malformed', () => {
    it('refuses field values the mirror refuses, naming the field', async () => {
      const cases: Array<[Record<string, unknown>, string, boolean]> = [
        [{ data: '0x313ce567' }, 'to field must not be null', false],
        [{ to: token.evm, data: 'zz' }, 'data field invalid hexadecimal string', false],
        [{ to: token.evm, data: '0x313ce56' }, 'data field contains invalid odd length characters', true],
        [{ to: '0x1234', data: '0x313ce567' }, 'to field must be a 20-byte hexadecimal EVM address', false],
        [{ to: token.evm, gas: 20_999 }, 'gas field must be greater than or equal to 21000', true],
        [{ to: token.evm, gas: 15_000_001 }, 'gas field must be less than or equal to 15000000', true],
        [{ to: token.evm, gas: 1.5 }, 'gas field must be a whole number', false],
        [{ to: probe.evm, data: callData('deposit'), value: 5 }, 'from field must not be empty', true],
        [{ to: token.evm, block: 'yesterday' }, 'block field must be a block number or "latest", "pending" or "earliest"', false],
        [{ to: token.evm, block: '999999' }, 'Unknown block number', true],
      ];
      for (const [body, detail, conforming] of cases) {
        const answer = await call(body, 400, conforming);
        expect(answer._status.messages, JSON.stringify(body)).to.deep.equal([{ message: 'Bad Request', detail }]);
      }
    });

    it('answers 501 for what the devnet cannot simulate: past blocks and contract creation', async () => {
      for (const body of [{ to: probe.evm, data: callData('stored'), block: 'earliest' }, { to: probe.evm, data: callData('stored'), block: '0x1' }, { to: '', data: '0x6080' }]) {
        const answer = await call(body, 501, body.to !== '');
        expect(answer._status.messages[0].message, JSON.stringify(body)).to.equal('Not Implemented');
      }
    });

    it('refuses bodies that are not JSON, and other methods', async () => {
      const url = `${net.mirrorUrl}/api/v1/contracts/call`;
      const text = await postJson(url, 'to=0x00', 'text/plain');
      expect(text).to.deep.equal({ status: 415, body: { _status: { messages: [{ message: 'Unsupported Media Type', detail: "Content-Type 'text/plain' is not supported." }] } } });
      const broken = await postJson(url, '{"to":', 'application/json; charset=utf-8');
      expect(broken.status).to.equal(400);
      expect((await postJson(url, [token.evm])).body._status.messages[0].detail).to.equal('request body must be a JSON object');
      // As on the mirror node, a GET of the path asks for the contract "call", which is no contract ID.
      const get = await getJson(url);
      expect(get).to.deep.equal({ status: 400, body: { _status: { messages: [{ message: 'Invalid parameter: contractIdOrAddress' }] } } });
      const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(put.status).to.equal(405);
      expect((await postJson(`${net.mirrorUrl}/api/v1/tokens`, {})).status).to.equal(405);
    });

    it('answers injected mirror faults on the route like any other', async () => {
      net.faults.mirror.inject({ path: '/api/v1/contracts/call', status: 503, times: 1 });
      expect((await postJson(`${net.mirrorUrl}/api/v1/contracts/call`, { to: token.evm, data: '0x313ce567' })).status).to.equal(503);
      expect((await call({ to: token.evm, data: '0x313ce567' })).result).to.equal(`0x${word(3)}`);
    });
  });
});
