import { expect } from 'chai';
import {
  AccountCreateTransaction, ContractByteCodeQuery, ContractCallQuery, ContractCreateTransaction, ContractExecuteTransaction,
  ContractFunctionParameters, ContractId, ContractInfoQuery, Hbar, LedgerId, PrivateKey, Status, type AccountId, type Client,
} from '@hiero-ledger/sdk';
import { HederaAgentAPI as KitHederaAgentAPI } from '@hashgraph/hedera-agent-kit';
import { coreEVMPlugin } from '@hashgraph/hedera-agent-kit/plugins';
import { mirrornodeServiceFor } from '../../../src/compat/kit-mirrornode-service.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { keccak256 } from '../../../src/devnet/evm/evm-runtime.js';
import { ERC20Factory, ERC721Factory } from '../../../src/devnet/evm/compiled-contracts.js';
import { addressWord, revertReason, submitForRecord } from '../../support/probe-contract.js';

const topicOf = (signature: string) => Buffer.from(keccak256(Buffer.from(signature))).toString('hex');
const params = () => new ContractFunctionParameters();

describe('devnet ERC-20 and ERC-721 factories', function () {
  this.timeout(90_000);
  let net: Devnet;
  let client: Client;
  // An ECDSA account with an EVM alias, as the Hedera Agent Kit's EVM tools require of their operator.
  let deployer: { id: AccountId; key: PrivateKey; client: Client };

  before(async () => {
    net = await startDevnet();
    client = net.client();
    const key = PrivateKey.generateECDSA();
    const id = (await (await new AccountCreateTransaction().setECDSAKeyWithAlias(key.publicKey).setInitialBalance(new Hbar(200)).execute(client)).getReceipt(client)).accountId!;
    deployer = { id, key, client: net.client().setOperator(id, key).setLedgerId(LedgerId.LOCAL_NODE) };
  });
  after(async () => { await net.stop(); });

  const call = async (id: ContractId, fn: string, args = params()) => new ContractCallQuery().setContractId(id).setGas(100_000).setFunction(fn, args).execute(client);
  const deployErc20 = async (name: string, symbol: string, decimals: number, supply: number) => {
    const record = await submitForRecord(deployer.client, new ContractExecuteTransaction().setContractId(net.contracts.erc20Factory.contractId).setGas(3_000_000)
      .setFunction('deployToken', params().addString(name).addString(symbol).addUint8(decimals).addUint256(supply)));
    expect(record.receipt.status).to.equal(Status.Success);
    return { record, token: ContractId.fromEvmAddress(0, 0, record.contractFunctionResult!.getAddress(0)) };
  };

  describe('when the devnet starts', () => {
    it('has the factories at the numbers the Hedera Agent Kit uses on a local node', async () => {
      expect(net.contracts.erc20Factory).to.deep.equal({ contractId: '0.0.1012', evmAddress: `0x${'3f4'.padStart(40, '0')}` });
      expect(net.contracts.erc721Factory).to.deep.equal({ contractId: '0.0.1013', evmAddress: `0x${'3f5'.padStart(40, '0')}` });
      const code = await new ContractByteCodeQuery().setContractId(net.contracts.erc20Factory.contractId).execute(client);
      expect(Buffer.from(code).toString('hex')).to.equal(ERC20Factory.deployedBytecode);
      const code721 = await new ContractByteCodeQuery().setContractId(net.contracts.erc721Factory.contractId).execute(client);
      expect(Buffer.from(code721).toString('hex')).to.equal(ERC721Factory.deployedBytecode);
    });

    it('holds what deploying the factory would have stored', async () => {
      const receipt = await (await new ContractCreateTransaction().setBytecode(Buffer.from(ERC20Factory.bytecode, 'hex')).setGas(1_500_000).execute(client)).getReceipt(client);
      const deployed = await new ContractByteCodeQuery().setContractId(receipt.contractId!).execute(client);
      expect(Buffer.from(deployed).toString('hex')).to.equal(ERC20Factory.deployedBytecode);
    });

    it('still numbers new entities from 0.0.1001 and skips the factories’ numbers', async () => {
      const fresh = await startDevnet();
      try {
        const nums: number[] = [];
        for (let i = 0; i < 13; i++) nums.push(Number((await fresh.createAccount({ hbar: 0 })).accountId.split('.')[2]));
        expect(nums).to.deep.equal([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1014, 1015]);
      } finally {
        await fresh.stop();
      }
    });
  });

  describe('when deploying an ERC-20 through the factory', () => {
    it('creates a token contract owned by the caller, with the supply in base units, and announces it', async () => {
      const { record, token } = await deployErc20('Gold', 'GLD', 2, 1000);
      const result = record.contractFunctionResult!;
      expect(result.createdContractIds).to.have.length(1);
      const info = await new ContractInfoQuery().setContractId(result.createdContractIds[0]).execute(client);
      expect(info.contractAccountId).to.equal(result.getAddress(0));
      const deployed = result.logs.find((log) => Buffer.from(log.topics[0]).toString('hex') === topicOf('TokenDeployed(address,address)'));
      expect(deployed!.contractId!.toString()).to.equal(net.contracts.erc20Factory.contractId);
      expect(Buffer.from(deployed!.topics[1]).toString('hex')).to.equal(addressWord(deployer.key.publicKey.toEvmAddress()));
      expect((await call(token, 'name')).getString(0)).to.equal('Gold');
      expect((await call(token, 'symbol')).getString(0)).to.equal('GLD');
      expect((await call(token, 'decimals')).getUint8(0)).to.equal(2);
      expect((await call(token, 'totalSupply')).getUint256(0).toFixed()).to.equal('100000');
      expect((await call(token, 'balanceOf', params().addAddress(deployer.key.publicKey.toEvmAddress()))).getUint256(0).toFixed()).to.equal('100000');
    });

    it('transfers with ContractExecuteTransaction, logs Transfer, and refuses more than the balance', async () => {
      const { token } = await deployErc20('Silver', 'SLV', 0, 50);
      const receiver = await net.createAccount({ hbar: 1 });
      const receiverAddress = ContractId.fromString(receiver.accountId).toEvmAddress();
      const moved = await submitForRecord(deployer.client, new ContractExecuteTransaction().setContractId(token).setGas(100_000)
        .setFunction('transfer', params().addAddress(receiverAddress).addUint256(20)));
      expect(moved.receipt.status).to.equal(Status.Success);
      expect(moved.contractFunctionResult!.getBool(0)).to.equal(true);
      expect(Buffer.from(moved.contractFunctionResult!.logs[0].topics[0]).toString('hex')).to.equal(topicOf('Transfer(address,address,uint256)'));
      expect((await call(token, 'balanceOf', params().addAddress(receiverAddress))).getUint256(0).toNumber()).to.equal(20);
      expect((await call(token, 'balanceOf', params().addAddress(deployer.key.publicKey.toEvmAddress()))).getUint256(0).toNumber()).to.equal(30);
      const refused = await submitForRecord(deployer.client, new ContractExecuteTransaction().setContractId(token).setGas(100_000)
        .setFunction('transfer', params().addAddress(receiverAddress).addUint256(31)));
      expect(refused.receipt.status).to.equal(Status.ContractRevertExecuted);
      expect(revertReason(refused.contractFunctionResult!.errorMessage)).to.equal('ERC20: transfer amount exceeds balance');
    });
  });

  describe('when deploying an ERC-721 through the factory', () => {
    it('lets the deployer mint, shows owners and URIs, transfers, and refuses anyone else minting', async () => {
      const record = await submitForRecord(deployer.client, new ContractExecuteTransaction().setContractId(net.contracts.erc721Factory.contractId)
        .setGas(3_000_000).setFunction('deployToken', params().addString('Art').addString('ART').addString('ipfs://art/')));
      expect(record.receipt.status).to.equal(Status.Success);
      const nft = ContractId.fromEvmAddress(0, 0, record.contractFunctionResult!.getAddress(0));
      const me = deployer.key.publicKey.toEvmAddress();
      const minted = await submitForRecord(deployer.client, new ContractExecuteTransaction().setContractId(nft).setGas(200_000).setFunction('safeMint', params().addAddress(me)));
      expect(minted.contractFunctionResult!.getUint256(0).toNumber()).to.equal(1);
      expect((await call(nft, 'ownerOf', params().addUint256(1))).getAddress(0)).to.equal(me);
      expect((await call(nft, 'tokenURI', params().addUint256(1))).getString(0)).to.equal('ipfs://art/1');
      const other = await net.createAccount({ hbar: 5 });
      const otherAddress = ContractId.fromString(other.accountId).toEvmAddress();
      await (await new ContractExecuteTransaction().setContractId(nft).setGas(200_000)
        .setFunction('transferFrom', params().addAddress(me).addAddress(otherAddress).addUint256(1)).execute(deployer.client)).getReceipt(deployer.client);
      expect((await call(nft, 'ownerOf', params().addUint256(1))).getAddress(0)).to.equal(otherAddress);
      const stranger = net.client().setOperator(other.accountId, other.privateKey);
      const refused = await submitForRecord(stranger, new ContractExecuteTransaction().setContractId(nft).setGas(200_000).setFunction('safeMint', params().addAddress(otherAddress)));
      expect(revertReason(refused.contractFunctionResult!.errorMessage)).to.equal('ERC721: caller is not the owner');
    });
  });

  describe('when the Hedera Agent Kit’s own tools call them', () => {
    it('create_erc20_tool and create_erc721_tool deploy tokens and report their addresses', async () => {
      const api = new KitHederaAgentAPI(deployer.client, { mirrornodeService: mirrornodeServiceFor(net.mirrorUrl) as never }, coreEVMPlugin.tools({}));
      const erc20 = JSON.parse(await api.run('create_erc20_tool', { tokenName: 'Kit Coin', tokenSymbol: 'KIT', decimals: 4, initialSupply: 7 }));
      expect(erc20.raw.status, erc20.humanMessage).to.equal('SUCCESS');
      const address = /0x[0-9a-f]{40}/.exec(erc20.humanMessage)![0];
      const token = ContractId.fromEvmAddress(0, 0, address.slice(2));
      expect((await call(token, 'symbol')).getString(0)).to.equal('KIT');
      expect((await call(token, 'balanceOf', params().addAddress(deployer.key.publicKey.toEvmAddress()))).getUint256(0).toNumber()).to.equal(70_000);
      const erc721 = JSON.parse(await api.run('create_erc721_tool', { tokenName: 'Kit Art', tokenSymbol: 'KART', baseURI: 'https://kit/' }));
      expect(erc721.raw.status, erc721.humanMessage).to.equal('SUCCESS');
      const collection = ContractId.fromEvmAddress(0, 0, /0x[0-9a-f]{40}/.exec(erc721.humanMessage)![0].slice(2));
      expect((await call(collection, 'name')).getString(0)).to.equal('Kit Art');
    });
  });
});
