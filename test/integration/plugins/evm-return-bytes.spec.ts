import { expect } from 'chai';
import { ContractExecuteTransaction, PrivateKey, TransactionRecordQuery, type Client } from '@hiero-ledger/sdk';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import { AgentMode, decodeReturnedBytes } from './core-plugins-world.js';
import { startEvmWorld, succeeded, type EvmActor, type EvmWorld } from './evm-fixtures.js';

/** Signs returned bytes as the wallet would, submits them, and answers the contract call's result. */
async function signAndSubmit(bytes: unknown, actor: EvmActor, client: Client) {
  const tx = ContractExecuteTransaction.fromBytes(bytes as Uint8Array);
  await tx.sign(actor.privateKey);
  const response = await tx.execute(client);
  await response.getReceipt(client);
  return (await new TransactionRecordQuery().setTransactionId(response.transactionId).execute(client)).contractFunctionResult!;
}

describe('core-evm tools in RETURN_BYTES mode', function () {
  this.timeout(60_000);
  let world: EvmWorld;
  let carol: EvmActor;

  before(async () => {
    world = await startEvmWorld();
    carol = await world.ecdsaActor(100);
  });
  after(async () => { await world.close(); });

  /** The frozen ContractExecuteTransaction a result carries, checked to be exactly the call its params describe and paid by carol. */
  async function prepared(result: ToolResult, contractId: string, selector: string): Promise<ContractExecuteTransaction> {
    const tx = await decodeReturnedBytes(world, result, ContractExecuteTransaction, carol.accountId);
    expect(tx.contractId!.toString()).to.equal(contractId);
    expect(Buffer.from(tx.functionParameters!).subarray(0, 4).toString('hex')).to.equal(selector);
    return tx;
  }

  it('prepares every EVM call for the user\'s wallet to sign, as the user, and nothing reaches the ledger until it does', async () => {
    const kit = await world.kitWith({ mode: AgentMode.RETURN_BYTES, accountId: carol.accountId });
    const created = await kit.execute('create_erc20_tool', { tokenName: 'Wallet Coin', tokenSymbol: 'WAL', decimals: 1, initialSupply: 30 });
    const create = await prepared(created, '0.0.1012', 'b7d02044');
    expect(create.gas!.toString()).to.equal('3000000');
    expect(created.raw.erc20Address).to.equal(undefined);
    // The user signs: the supply goes to the user, who called the factory.
    const token = `0x${(await signAndSubmit(created.raw.bytes, carol, world.client)).getAddress(0)}`;
    expect(await world.balanceOf(token, carol.evmAddress)).to.equal(300n);

    const sent = await kit.execute('transfer_erc20_tool', { contractId: token, recipientAddress: world.net.operatorId, amount: 2.5 });
    const tokenId = (await world.mirror.getJson<{ contract_id: string }>(`/contracts/${token}`, 'token')).contract_id;
    const transfer = await prepared(sent, tokenId, 'a9059cbb');
    expect(transfer.gas!.toString()).to.equal('100000');
    expect(sent.humanMessage).to.contain(`Prepared a transaction to transfer 2.5 of ERC-20 token ${tokenId} from ${carol.accountId} to ${world.net.operatorId}`);
    expect(await world.balanceOf(token, world.operatorEvm)).to.equal(0n);
    await signAndSubmit(sent.raw.bytes, carol, world.client);
    expect([await world.balanceOf(token, world.operatorEvm), await world.balanceOf(token, carol.evmAddress)]).to.deep.equal([25n, 275n]);
  });

  it('prepares the ERC-721 calls too: the collection is the user\'s, who mints to itself by default and transfers', async () => {
    const kit = await world.kitWith({ mode: AgentMode.RETURN_BYTES, accountId: carol.accountId });
    const created = await kit.execute('create_erc721_tool', { tokenName: 'Wallet Art', tokenSymbol: 'WART' });
    await prepared(created, '0.0.1013', '457902d2');
    const collection = `0x${(await signAndSubmit(created.raw.bytes, carol, world.client)).getAddress(0)}`;
    const collectionId = (await world.mirror.getJson<{ contract_id: string }>(`/contracts/${collection}`, 'collection')).contract_id;
    const minted = await kit.execute('mint_erc721_tool', { contractId: collectionId });
    await prepared(minted, collectionId, '40d097c3');
    await signAndSubmit(minted.raw.bytes, carol, world.client);
    expect(await world.ownerOf(collectionId, 1)).to.equal(carol.evmAddress);
    const moved = await kit.execute('transfer_erc721_tool', { contractId: collection, toAddress: world.net.operatorId, tokenId: 1 });
    await prepared(moved, collectionId, '23b872dd');
    expect(await world.ownerOf(collectionId, 1)).to.equal(carol.evmAddress);
    await signAndSubmit(moved.raw.bytes, carol, world.client);
    expect(await world.ownerOf(collectionId, 1)).to.equal(world.operatorEvm);
  });

  it('checks the key of the account that will sign, the user\'s, rather than the operator\'s', async () => {
    const bob = await world.net.createAccount({ hbar: 5, key: PrivateKey.generateED25519() });
    const edUser = await world.kitWith({ mode: AgentMode.RETURN_BYTES, accountId: bob.accountId });
    const refused = await edUser.execute('mint_erc721_tool', { contractId: '0.0.1013' });
    expect(refused.raw).to.include({ status: 'ERROR', errorCode: 'E_CONFIG', stage: 'normalizeParams' });
    expect(refused.raw.error).to.contain(`the account that would call the contract, ${bob.accountId}, has an ED25519 key`);
    // An ED25519 operator does not stop a user with an ECDSA key from being prepared a call.
    const edNet = await startEvmWorld({ operatorKey: PrivateKey.generateED25519() });
    try {
      const user = await edNet.ecdsaActor(20);
      const kit = await edNet.kitWith({ mode: AgentMode.RETURN_BYTES, accountId: user.accountId, accountPublicKey: user.privateKey.publicKey.toStringDer() });
      const result = await kit.execute('create_erc20_tool', { tokenName: 'Mine', tokenSymbol: 'MINE' });
      succeeded(result);
      expect(ContractExecuteTransaction.fromBytes(result.raw.bytes as Uint8Array).transactionId!.accountId!.toString()).to.equal(user.accountId);
      const wrongKey = await edNet.kitWith({ mode: AgentMode.RETURN_BYTES, accountId: user.accountId, accountPublicKey: PrivateKey.generateED25519().publicKey.toStringDer() });
      expect((await wrongKey.execute('create_erc20_tool', { tokenName: 'Mine', tokenSymbol: 'MINE' })).raw.errorCode).to.equal('E_CONFIG');
    } finally {
      await edNet.close();
    }
  });
});
