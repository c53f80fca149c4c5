import { expect } from 'chai';
import {
  AccountAllowanceApproveTransaction, AccountAllowanceDeleteTransaction, TokenAirdropTransaction, TokenAssociateTransaction, TokenCreateTransaction, TokenDissociateTransaction,
  TokenMintTransaction, TokenType, TokenUpdateTransaction, Transaction, TransferTransaction,
} from '@hiero-ledger/sdk';
import { proto } from '@hiero-ledger/proto';
import { AgentMode } from '../../../src/values/agent-mode.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { MirrorError, MirrorErrorCode } from '../../../src/mirror/mirror-error.js';
import { startTokenWorld, succeeded, type Actor, type TokenWorld } from './token-fixtures.js';

/** The TransactionBody inside frozen bytes, as a node would read it. */
function wireBody(bytes: Uint8Array): proto.TransactionBody {
  const list = proto.TransactionList.decode(bytes);
  const signed = proto.SignedTransaction.decode(list.transactionList[0].signedTransactionBytes!);
  return proto.TransactionBody.decode(signed.bodyBytes!);
}

/** `[account, amount, isApproval]` lines of the first token in a wire body's token transfer list. */
function wireTokenLines(list: proto.ITokenTransferList[] | null | undefined): Array<[string, string, boolean]> {
  return (list?.[0]?.transfers ?? []).map((line) => [`0.0.${String(line.accountID!.accountNum)}`, String(line.amount), Boolean(line.isApproval)]);
}

describe('core-token tools in RETURN_BYTES mode (devnet mirror, nothing submitted)', () => {
  let world: TokenWorld;
  let alice: Actor;
  let bytesKit: AgentKit;
  let fungible: string;
  let nft: string;
  let aliceToken: string;
  let submittedId: string;
  const returned: string[] = [];

  before(async () => {
    world = await startTokenWorld();
    alice = await world.actor();
    const created = succeeded(await world.kit.execute('create_fungible_token_tool', { tokenName: 'Gold', tokenSymbol: 'GLD', decimals: 2, initialSupply: 100, isSupplyKey: true }));
    fungible = String(created.tokenId);
    submittedId = String(created.transactionId);
    nft = String(succeeded(await world.kit.execute('create_non_fungible_token_tool', { tokenName: 'Cats', tokenSymbol: 'CAT' })).tokenId);
    succeeded(await world.kit.execute('mint_non_fungible_token_tool', { tokenId: nft, uris: ['a', 'b'] }));
    aliceToken = String(succeeded(await alice.kit.execute('create_fungible_token_tool', { tokenName: 'Alice', tokenSymbol: 'ALC' })).tokenId);
    // No accountPublicKey: the tools that need alice's key must read it from the mirror.
    bytesKit = await world.kitWith({ mode: AgentMode.RETURN_BYTES, accountId: alice.accountId });
  });
  after(async () => { await world.close(); });

  /** Runs a tool in RETURN_BYTES mode and checks what every such result must satisfy. */
  async function prepared<T extends Transaction>(method: string, args: unknown, type: new () => T): Promise<{ tx: T; body: proto.TransactionBody; message: string }> {
    const result = await bytesKit.execute(method, args);
    const raw = succeeded(result);
    expect(raw.submitted).to.equal(false);
    const bytes = raw.bytes as Uint8Array;
    const tx = Transaction.fromBytes(bytes);
    expect(tx).to.be.instanceOf(type);
    expect(tx.isFrozen()).to.equal(true);
    expect(tx.transactionId!.accountId!.toString()).to.equal(alice.accountId);
    expect(raw.transactionId).to.equal(tx.transactionId!.toString());
    const validStart = tx.transactionId!.validStart!.toDate().getTime();
    expect(raw.expiresAt).to.equal(new Date(validStart + tx.transactionValidDuration * 1000).toISOString());
    expect(result.humanMessage).to.contain('nothing was submitted');
    returned.push(String(raw.transactionId));
    return { tx: tx as T, body: wireBody(bytes), message: result.humanMessage };
  }

  it('create_fungible_token_tool: alice is treasury, her mirror-read key is admin and supply key', async () => {
    const { tx } = await prepared('create_fungible_token_tool', { tokenName: 'Bytes', tokenSymbol: 'BYT', decimals: 3, initialSupply: 1.5, maxSupply: 10, isSupplyKey: true }, TokenCreateTransaction);
    expect(tx.tokenName).to.equal('Bytes');
    expect(tx.initialSupply!.toString()).to.equal('1500');
    expect(tx.maxSupply!.toString()).to.equal('10000');
    expect(tx.treasuryAccountId!.toString()).to.equal(alice.accountId);
    expect(tx.adminKey!.toString()).to.equal(alice.privateKey.publicKey.toString());
    expect(tx.supplyKey!.toString()).to.equal(alice.privateKey.publicKey.toString());
  });

  it('create_non_fungible_token_tool: a finite NFT collection with alice\'s key as supply key', async () => {
    const { tx } = await prepared('create_non_fungible_token_tool', { tokenName: 'Dogs', tokenSymbol: 'DOG', maxSupply: 7 }, TokenCreateTransaction);
    expect(tx.tokenType).to.equal(TokenType.NonFungibleUnique);
    expect(tx.maxSupply!.toString()).to.equal('7');
    expect(tx.supplyKey!.toString()).to.equal(alice.privateKey.publicKey.toString());
  });

  it('mint_fungible_token_tool: the amount scaled by the token\'s decimals', async () => {
    const { tx } = await prepared('mint_fungible_token_tool', { tokenId: fungible, amount: 0.25 }, TokenMintTransaction);
    expect(tx.tokenId!.toString()).to.equal(fungible);
    expect(tx.amount!.toString()).to.equal('25');
  });

  it('mint_non_fungible_token_tool: one metadata entry per URI', async () => {
    const { tx } = await prepared('mint_non_fungible_token_tool', { tokenId: nft, uris: ['ipfs://x'] }, TokenMintTransaction);
    expect(tx.metadata.map((m) => Buffer.from(m).toString())).to.deep.equal(['ipfs://x']);
  });

  it('airdrop_fungible_token_tool: credits and alice\'s debit in smallest units', async () => {
    const { body } = await prepared('airdrop_fungible_token_tool', { tokenId: fungible, recipients: [{ accountId: '0.0.2', amount: 1.5 }] }, TokenAirdropTransaction);
    expect(body.data).to.equal('tokenAirdrop');
    expect(wireTokenLines(body.tokenAirdrop!.tokenTransfers)).to.have.deep.members([['0.0.2', '150', false], [alice.accountId, '-150', false]]);
  });

  it('associate_token_tool and dissociate_token_tool: alice\'s account and the tokens', async () => {
    const associate = await prepared('associate_token_tool', { tokenIds: [fungible, nft] }, TokenAssociateTransaction);
    expect(associate.tx.accountId!.toString()).to.equal(alice.accountId);
    expect(associate.tx.tokenIds!.map(String)).to.deep.equal([fungible, nft]);
    const dissociate = await prepared('dissociate_token_tool', { tokenIds: [nft] }, TokenDissociateTransaction);
    expect(dissociate.tx.tokenIds!.map(String)).to.deep.equal([nft]);
  });

  it('transfer_fungible_token_tool: a cryptoTransfer with the expected decimals', async () => {
    const { body } = await prepared('transfer_fungible_token_tool', { tokenId: fungible, transfers: [{ accountId: '0.0.2', amount: '0.07' }] }, TransferTransaction);
    expect(body.data).to.equal('cryptoTransfer');
    expect(wireTokenLines(body.cryptoTransfer!.tokenTransfers)).to.have.deep.members([['0.0.2', '7', false], [alice.accountId, '-7', false]]);
    expect(body.cryptoTransfer!.tokenTransfers![0].expectedDecimals?.value).to.equal(2);
  });

  it('transfer_fungible_token_with_allowance_tool: the owner\'s debit is an approved transfer', async () => {
    const { body } = await prepared('transfer_fungible_token_with_allowance_tool', { tokenId: fungible, sourceAccountId: '0.0.2', transfers: [{ accountId: alice.accountId, amount: 1 }] }, TransferTransaction);
    expect(wireTokenLines(body.cryptoTransfer!.tokenTransfers)).to.have.deep.members([[alice.accountId, '100', false], ['0.0.2', '-100', true]]);
  });

  it('transfer_non_fungible_token_tool and its allowance variant: one NFT line per serial', async () => {
    const plain = await prepared('transfer_non_fungible_token_tool', { tokenId: nft, sourceAccountId: '0.0.2', recipients: [{ recipientId: alice.accountId, serialNumber: 2 }] }, TransferTransaction);
    const line = plain.body.cryptoTransfer!.tokenTransfers![0].nftTransfers![0];
    expect([String(line.senderAccountID!.accountNum), String(line.receiverAccountID!.accountNum), String(line.serialNumber), Boolean(line.isApproval)])
      .to.deep.equal(['2', alice.accountId.split('.')[2], '2', false]);
    const approved = await prepared('transfer_non_fungible_token_with_allowance_tool', { tokenId: nft, sourceAccountId: '0.0.2', recipients: [{ recipientId: alice.accountId, serialNumber: 1 }] }, TransferTransaction);
    expect(approved.body.cryptoTransfer!.tokenTransfers![0].nftTransfers![0].isApproval).to.equal(true);
  });

  it('approve_nft_allowance_tool: alice as owner, the listed serials for the spender', async () => {
    const { tx } = await prepared('approve_nft_allowance_tool', { spenderAccountId: '0.0.2', tokenId: nft, serialNumbers: [1, 2] }, AccountAllowanceApproveTransaction);
    const [approval] = tx.tokenNftApprovals;
    expect([approval.ownerAccountId!.toString(), approval.spenderAccountId!.toString(), approval.serialNumbers!.map(String)]).to.deep.equal([alice.accountId, '0.0.2', ['1', '2']]);
  });

  it('delete_non_fungible_token_allowance_tool: one removal for alice\'s serials of the collection, as a node reads it', async () => {
    const { body, message } = await prepared('delete_non_fungible_token_allowance_tool', { tokenId: nft, serialNumbers: [2, 1] }, AccountAllowanceDeleteTransaction);
    expect(body.data).to.equal('cryptoDeleteAllowance');
    const removals = body.cryptoDeleteAllowance!.nftAllowances!.map((entry) => [String(entry.tokenId!.tokenNum), String(entry.owner!.accountNum), entry.serialNumbers!.map(String)]);
    expect(removals).to.deep.equal([[nft.split('.')[2], alice.accountId.split('.')[2], ['2', '1']]]);
    expect(message).to.contain(`NFT serial(s) 2, 1 of ${nft} owned by ${alice.accountId}`);
  });

  it('update_token_tool: only the given fields, for a token alice administers', async () => {
    const { tx } = await prepared('update_token_tool', { tokenId: aliceToken, tokenSymbol: 'ALC2', metadata: 'v2' }, TokenUpdateTransaction);
    expect([tx.tokenId!.toString(), tx.tokenSymbol, tx.tokenName, Buffer.from(tx.metadata!).toString()]).to.deep.equal([aliceToken, 'ALC2', null, 'v2']);
  });

  describe('when every tool has returned bytes', () => {
    it('none of those transactions reached the ledger, and supplies are unchanged', async () => {
      expect(returned).to.have.length(14);
      // Control: a transaction that was submitted is found by the same lookup.
      expect((await world.mirror.getTransaction(submittedId)).transactions).to.have.length(1);
      for (const transactionId of returned) {
        const lookup = await world.mirror.getTransaction(transactionId).then(() => 'found', (error: unknown) => error);
        expect(lookup, transactionId).to.be.instanceOf(MirrorError);
        expect((lookup as MirrorError).code as string).to.equal(MirrorErrorCode.NOT_FOUND);
      }
      expect((await world.mirror.getToken(fungible)).total_supply).to.equal('10000');
      expect((await world.mirror.getToken(nft)).total_supply).to.equal('2');
    });
  });
});
