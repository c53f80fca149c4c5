import { expect } from 'chai';
import {
  AccountBalanceQuery, AccountCreateTransaction, AccountId, AccountUpdateTransaction, ContractByteCodeQuery, ContractCallQuery, ContractCreateTransaction,
  ContractExecuteTransaction, ContractFunctionParameters, ContractId, ContractInfoQuery, FileId, Hbar, PrecheckStatusError, PrivateKey,
  ReceiptStatusError, Status, TransferTransaction,
} from '@hiero-ledger/sdk';
import { keccak256 } from '../../../src/devnet/evm/evm-runtime.js';
import { GAS_PRICE_TINYBARS } from '../../../src/devnet/evm/gas.js';
import { Probe } from '../../support/compiled-test-contracts.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { addressWord, deployProbe, recordOf, revertReason, submitForRecord, submitMeasured } from '../../support/probe-contract.js';

const FIXED_FEE = 100_000n;
const topicOf = (signature: string) => Buffer.from(keccak256(Buffer.from(signature))).toString('hex');
const longZero = (id: string) => AccountId.fromString(id).toEvmAddress();

describe('devnet smart contracts', function () {
  this.timeout(60_000);
  const suite = devnetSuite();

  const tinybars = async (id: string): Promise<bigint> => BigInt((await new AccountBalanceQuery().setAccountId(id).execute(suite.client)).hbars.toTinybars().toString());
  const contractTinybars = async (id: ContractId): Promise<bigint> =>
    BigInt((await new AccountBalanceQuery().setContractId(id).execute(suite.client)).hbars.toTinybars().toString());
  const stored = async (id: ContractId): Promise<bigint> =>
    BigInt((await new ContractCallQuery().setContractId(id).setGas(50_000).setFunction('stored').execute(suite.client)).getUint256(0).toFixed());
  const execute = (id: ContractId, fn: string, params?: ContractFunctionParameters, gas = 200_000) =>
    new ContractExecuteTransaction().setContractId(id).setGas(gas).setFunction(fn, params);

  describe('when creating a contract from initcode', () => {
    it('gives it a contract ID with a long-zero address, runs the constructor and stores the runtime bytecode', async () => {
      const id = await deployProbe(suite.client, { initial: 42 });
      expect(id.num.toNumber()).to.be.greaterThan(1000);
      expect(await stored(id)).to.equal(42n);
      const info = await new ContractInfoQuery().setContractId(id).execute(suite.client);
      expect(info.contractId.toString()).to.equal(id.toString());
      expect(info.accountId.toString()).to.equal(id.toString());
      expect(info.contractAccountId).to.equal(id.toEvmAddress());
      expect(info.storage.toNumber()).to.equal(64); // one slot: `stored`
      const bytecode = await new ContractByteCodeQuery().setContractId(id).execute(suite.client);
      expect(Buffer.from(bytecode).toString('hex')).to.equal(Probe.deployedBytecode);
    });

    it('charges gas to the payer and reports it in the record with the created contract', async () => {
      const { record, spent } = await submitMeasured(suite.client, new ContractCreateTransaction().setBytecode(Buffer.from(Probe.bytecode, 'hex')).setGas(2_000_000)
        .setConstructorParameters(new ContractFunctionParameters().addUint256(5)));
      const result = record.contractFunctionResult!;
      const gasUsed = BigInt(result.gasUsed.toString());
      // Hedera refunds at most 20% of the gas limit: far more gas than needed still costs 80% of it.
      expect(gasUsed).to.equal(1_600_000n);
      expect(BigInt(record.transactionFee.toTinybars().toString())).to.equal(FIXED_FEE + gasUsed * GAS_PRICE_TINYBARS);
      expect(spent).to.equal(FIXED_FEE + gasUsed * GAS_PRICE_TINYBARS);
      expect(result.contractId!.toString()).to.equal(record.receipt.contractId!.toString());
      expect(result.createdContractIds.map(String)).to.deep.equal([record.receipt.contractId!.toString()]);
      expect(Buffer.from(result.evmAddress!).toString('hex')).to.equal(record.receipt.contractId!.toEvmAddress());
      expect(result.errorMessage).to.equal('');
    });

    it('refuses too little gas at precheck, too much for the network, and a missing bytecode file', async () => {
      const tooLittle = await new ContractCreateTransaction().setBytecode(Buffer.from(Probe.bytecode, 'hex')).setGas(50_000).execute(suite.client).catch((e: unknown) => e);
      expect((tooLittle as PrecheckStatusError).status).to.equal(Status.InsufficientGas);
      const tooMuch = await new ContractCreateTransaction().setBytecode(Buffer.from(Probe.bytecode, 'hex')).setGas(15_000_001).execute(suite.client).catch((e: unknown) => e);
      expect((tooMuch as PrecheckStatusError).status).to.equal(Status.MaxGasLimitExceeded);
      const noFile = await (await new ContractCreateTransaction().setBytecodeFileId(FileId.fromString('0.0.999999')).setGas(200_000).execute(suite.client))
        .getReceipt(suite.client).catch((e: unknown) => e);
      expect((noFile as ReceiptStatusError).status).to.equal(Status.InvalidFileId);
    });

    it('runs out of gas in the constructor with INSUFFICIENT_GAS and charges the whole limit', async () => {
      const record = await submitForRecord(suite.client, new ContractCreateTransaction().setBytecode(Buffer.from(Probe.bytecode, 'hex')).setGas(120_000)
        .setConstructorParameters(new ContractFunctionParameters().addUint256(5)));
      expect(record.receipt.status).to.equal(Status.InsufficientGas);
      expect(record.receipt.contractId).to.equal(null);
      expect(record.contractFunctionResult!.errorMessage).to.equal('INSUFFICIENT_GAS');
      expect(record.contractFunctionResult!.gasUsed.toNumber()).to.equal(120_000);
    });

    it('needs the signature of the admin key it sets, and puts initial HBAR in the contract', async () => {
      const admin = PrivateKey.generateED25519();
      const unsigned = await (await new ContractCreateTransaction().setBytecode(Buffer.from(Probe.bytecode, 'hex')).setGas(1_000_000)
        .setAdminKey(admin.publicKey).execute(suite.client)).getReceipt(suite.client).catch((e: unknown) => e);
      expect((unsigned as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
      const id = await deployProbe(suite.client, { adminKey: admin, hbar: 3 });
      const info = await new ContractInfoQuery().setContractId(id).execute(suite.client);
      expect(info.adminKey!.toString()).to.equal(admin.publicKey.toString());
      expect(info.balance.toTinybars().toNumber()).to.equal(300_000_000);
      expect(await contractTinybars(id)).to.equal(300_000_000n);
      // Its admin key does not make it an account: it cannot pay, nor be changed as one.
      const asPayer = suite.net.client().setOperator(id.toString(), admin);
      const paid = await new TransferTransaction().addHbarTransfer(id.toString(), -1).addHbarTransfer(suite.net.operatorId, 1).execute(asPayer).catch((e: unknown) => e);
      expect((paid as PrecheckStatusError).status).to.equal(Status.PayerAccountNotFound);
      const update = await (await (await new AccountUpdateTransaction().setAccountId(id.toString()).setAccountMemo('x').freezeWith(suite.client).sign(admin))
        .execute(suite.client)).getReceipt(suite.client).catch((e: unknown) => e);
      expect((update as ReceiptStatusError).status).to.equal(Status.InvalidAccountId);
    });
  });

  describe('when executing a contract function', () => {
    let probe: ContractId;
    before(async () => { probe = await deployProbe(suite.client); });

    it('changes storage, names the payer as msg.sender and logs the event with topics, data and bloom', async () => {
      const record = await submitForRecord(suite.client, execute(probe, 'store', new ContractFunctionParameters().addUint256(77)));
      expect(record.receipt.status).to.equal(Status.Success);
      expect(await stored(probe)).to.equal(77n);
      const sender = (await new ContractCallQuery().setContractId(probe).setGas(50_000).setFunction('lastSender').execute(suite.client)).getAddress(0);
      expect(sender).to.equal(longZero(suite.net.operatorId));
      expect(sender).to.equal('0000000000000000000000000000000000000002');
      const result = record.contractFunctionResult!;
      expect(result.contractId!.toString()).to.equal(probe.toString());
      expect(result.logs).to.have.length(1);
      const [log] = result.logs;
      expect(log.contractId!.toString()).to.equal(probe.toString());
      expect(log.topics.map((t) => Buffer.from(t).toString('hex'))).to.deep.equal([
        topicOf('Stored(address,uint256,string)'), addressWord(longZero(suite.net.operatorId)), (77).toString(16).padStart(64, '0'),
      ]);
      expect(Buffer.from(log.data).toString('hex')).to.contain(Buffer.from('stored').toString('hex'));
      expect(log.bloom.some((byte) => byte !== 0)).to.equal(true);
      expect(Buffer.from(result.bloom).equals(Buffer.from(log.bloom))).to.equal(true);
    });

    it('charges the gas the call used when it is above 80% of the limit', async () => {
      const { record, spent } = await submitMeasured(suite.client, execute(probe, 'churn', new ContractFunctionParameters().addUint256(700), 200_000));
      expect(record.receipt.status).to.equal(Status.Success);
      const gasUsed = BigInt(record.contractFunctionResult!.gasUsed.toString());
      expect(gasUsed > 160_000n && gasUsed < 200_000n, String(gasUsed)).to.equal(true);
      expect(spent).to.equal(FIXED_FEE + gasUsed * GAS_PRICE_TINYBARS);
      expect(BigInt(record.transactionFee.toTinybars().toString())).to.equal(spent);
    });

    it('fails a revert with CONTRACT_REVERT_EXECUTED, the reason in the record, no state change and gas still paid', async () => {
      const before = await stored(probe);
      const { record, spent } = await submitMeasured(suite.client, execute(probe, 'failWith', new ContractFunctionParameters().addString('not today')));
      expect(record.receipt.status).to.equal(Status.ContractRevertExecuted);
      expect(revertReason(record.contractFunctionResult!.errorMessage)).to.equal('not today');
      expect(record.contractFunctionResult!.contractId!.toString()).to.equal(probe.toString());
      expect(await stored(probe)).to.equal(before);
      const gasUsed = BigInt(record.contractFunctionResult!.gasUsed.toString());
      expect(gasUsed).to.equal(160_000n);
      expect(spent).to.equal(FIXED_FEE + gasUsed * GAS_PRICE_TINYBARS);
      const custom = await submitForRecord(suite.client, execute(probe, 'failCustom', new ContractFunctionParameters().addUint256(9)));
      expect(custom.contractFunctionResult!.errorMessage).to.equal(`0x${topicOf('Refused(uint256)').slice(0, 8)}${'9'.padStart(64, '0')}`);
    });

    it('reports running out of gas as INSUFFICIENT_GAS and an invalid opcode as CONTRACT_EXECUTION_EXCEPTION', async () => {
      const outOfGas = await submitForRecord(suite.client, execute(probe, 'churn', new ContractFunctionParameters().addUint256(10_000), 60_000));
      expect(outOfGas.receipt.status).to.equal(Status.InsufficientGas);
      expect(outOfGas.contractFunctionResult!.gasUsed.toNumber()).to.equal(60_000);
      const broken = await submitForRecord(suite.client, execute(probe, 'breakDown'));
      expect(broken.receipt.status).to.equal(Status.ContractExecutionException);
      expect(broken.contractFunctionResult!.errorMessage).to.equal('INVALID_OPERATION');
    });

    it('refuses a call to no contract, or to an account, with INVALID_CONTRACT_ID, and too little gas at precheck', async () => {
      for (const target of [ContractId.fromString('0.0.999999'), ContractId.fromString(suite.net.operatorId)]) {
        const error = await (await execute(target, 'store', new ContractFunctionParameters().addUint256(1)).execute(suite.client)).getReceipt(suite.client).catch((e: unknown) => e);
        expect((error as ReceiptStatusError).status, target.toString()).to.equal(Status.InvalidContractId);
      }
      const tooLittle = await execute(probe, 'stored', undefined, 20_000).execute(suite.client).catch((e: unknown) => e);
      expect((tooLittle as PrecheckStatusError).status).to.equal(Status.InsufficientGas);
    });

    it('calls a contract by its EVM address', async () => {
      const byAddress = ContractId.fromEvmAddress(0, 0, probe.toEvmAddress());
      await (await execute(byAddress, 'store', new ContractFunctionParameters().addUint256(5150)).execute(suite.client)).getReceipt(suite.client);
      expect(await stored(probe)).to.equal(5150n);
    });
  });

  describe('when contracts hold HBAR', () => {
    let probe: ContractId;
    before(async () => { probe = await deployProbe(suite.client); });

    it('takes a payable amount, shows it to the contract, AccountBalanceQuery and ContractInfoQuery, and refuses it on a non-payable function', async () => {
      const record = await submitForRecord(suite.client, execute(probe, 'deposit').setPayableAmount(new Hbar(2)));
      expect(record.receipt.status).to.equal(Status.Success);
      const moved = record.transfers.find((t) => t.accountId.toString() === probe.toString());
      expect(moved?.amount.toTinybars().toNumber()).to.equal(200_000_000);
      expect(await contractTinybars(probe)).to.equal(200_000_000n);
      const held = await new ContractCallQuery().setContractId(probe).setGas(50_000).setFunction('held').execute(suite.client);
      expect(held.getUint256(0).toNumber()).to.equal(200_000_000);
      expect((await new ContractInfoQuery().setContractId(probe).execute(suite.client)).balance.toTinybars().toNumber()).to.equal(200_000_000);
      const refused = await submitForRecord(suite.client, execute(probe, 'store', new ContractFunctionParameters().addUint256(1)).setPayableAmount(new Hbar(1)));
      expect(refused.receipt.status).to.equal(Status.ContractRevertExecuted);
      expect(await contractTinybars(probe)).to.equal(200_000_000n);
    });

    it('receives HBAR by TransferTransaction and pays it out to an account from code', async () => {
      await (await new TransferTransaction().addHbarTransfer(suite.net.operatorId, new Hbar(-1)).addHbarTransfer(probe.toString(), new Hbar(1)).execute(suite.client)).getReceipt(suite.client);
      const balance = await contractTinybars(probe);
      const payee = await suite.net.createAccount({ hbar: 0 });
      const record = await submitForRecord(suite.client, execute(probe, 'pay', new ContractFunctionParameters().addAddress(longZero(payee.accountId)).addUint256(12_345)));
      expect(record.receipt.status).to.equal(Status.Success);
      expect(await tinybars(payee.accountId)).to.equal(12_345n);
      expect(await contractTinybars(probe)).to.equal(balance - 12_345n);
      expect(record.transfers.find((t) => t.accountId.toString() === payee.accountId)?.amount.toTinybars().toNumber()).to.equal(12_345);
    });

    it('refuses a payer that cannot cover the gas limit at precheck', async () => {
      const poor = await suite.net.createAccount({ hbar: 1 });
      const poorClient = suite.net.client().setOperator(poor.accountId, poor.privateKey);
      const error = await execute(probe, 'store', new ContractFunctionParameters().addUint256(1), 5_000_000).execute(poorClient).catch((e: unknown) => e);
      expect((error as PrecheckStatusError).status).to.equal(Status.InsufficientPayerBalance);
    });
  });

  describe('when reading with ContractCallQuery', () => {
    it('answers a revert with CONTRACT_REVERT_EXECUTED and the reason, and leaves state alone', async () => {
      const probe = await deployProbe(suite.client, { initial: 3 });
      const error = await new ContractCallQuery().setContractId(probe).setGas(50_000)
        .setFunction('failWith', new ContractFunctionParameters().addString('read only')).execute(suite.client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(PrecheckStatusError);
      expect((error as PrecheckStatusError).status).to.equal(Status.ContractRevertExecuted);
      expect(revertReason((error as PrecheckStatusError).contractFunctionResult!.errorMessage)).to.equal('read only');
      await new ContractCallQuery().setContractId(probe).setGas(100_000).setFunction('store', new ContractFunctionParameters().addUint256(99)).execute(suite.client);
      expect(await stored(probe)).to.equal(3n);
    });
  });

  describe('when an ECDSA account calls', () => {
    it('acts under its EVM alias as msg.sender, in transactions and local calls', async () => {
      const key = PrivateKey.generateECDSA();
      const receipt = await (await new AccountCreateTransaction().setECDSAKeyWithAlias(key.publicKey).setInitialBalance(new Hbar(20)).execute(suite.client)).getReceipt(suite.client);
      const ecdsaClient = suite.net.client().setOperator(receipt.accountId!, key);
      const probe = await deployProbe(suite.client);
      await (await execute(probe, 'store', new ContractFunctionParameters().addUint256(8)).execute(ecdsaClient)).getReceipt(ecdsaClient);
      const lastSender = (await new ContractCallQuery().setContractId(probe).setGas(50_000).setFunction('lastSender').execute(suite.client)).getAddress(0);
      expect(lastSender).to.equal(key.publicKey.toEvmAddress());
      const whoami = (await new ContractCallQuery().setContractId(probe).setGas(50_000).setFunction('whoami').execute(ecdsaClient)).getAddress(0);
      expect(whoami).to.equal(key.publicKey.toEvmAddress());
      const asSender = (await new ContractCallQuery().setContractId(probe).setGas(50_000).setFunction('whoami')
        .setSenderAccountId(receipt.accountId!).execute(suite.client)).getAddress(0);
      expect(asSender).to.equal(key.publicKey.toEvmAddress());
    });
  });

  describe('when a contract creates a contract', () => {
    it('gives the child its own contract ID under its CREATE address, callable by that address', async () => {
      const probe = await deployProbe(suite.client);
      const record = await submitForRecord(suite.client, execute(probe, 'spawn', new ContractFunctionParameters().addUint256(31), 400_000));
      const result = record.contractFunctionResult!;
      expect(result.createdContractIds).to.have.length(1);
      const child = result.createdContractIds[0];
      const address = result.getAddress(0);
      expect(address).to.match(/^[0-9a-f]{40}$/);
      expect(address).to.not.equal(child.toEvmAddress());
      const info = await new ContractInfoQuery().setContractId(child).execute(suite.client);
      expect(info.contractAccountId).to.equal(address);
      const seed = await new ContractCallQuery().setContractId(ContractId.fromEvmAddress(0, 0, address)).setGas(50_000).setFunction('seed').execute(suite.client);
      expect(seed.getUint256(0).toNumber()).to.equal(31);
      const again = await recordOf(suite.client, record.transactionId);
      expect(again.contractFunctionResult!.createdContractIds.map(String)).to.deep.equal([child.toString()]);
    });
  });
});
