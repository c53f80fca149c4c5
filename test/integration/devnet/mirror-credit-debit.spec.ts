import { expect } from 'chai';
import {
  AccountCreateTransaction, Hbar, PrivateKey, TokenCreateTransaction, TokenMintTransaction, TokenType, TransactionId, TransferTransaction, type Client, type Transaction,
} from '@hiero-ledger/sdk';
import { checkedGet } from '../../support/mirror-checked.js';
import { devnetSuite } from '../../support/devnet-suite.js';

/**
 * `/api/v1/transactions?account.id=…&type=credit|debit` as the mirror node answers it: credit, the
 * account received HBAR or fungible tokens; debit, it paid them (fees included). NFT movements carry
 * no amount there and count for neither; two different `type` values match nothing.
 */
describe('devnet mirror: /transactions by type=credit|debit', function () {
  this.timeout(60_000);
  const suite = devnetSuite();
  let client: Client;
  let alice: string;
  let aliceKey: PrivateKey;
  let bob: string;
  let hbarId: string;
  let tokenTransferId: string;
  let nftId: string;
  const idsOf = async (query: string): Promise<string[]> =>
    ((await checkedGet(suite.net.mirrorUrl, `/api/v1/transactions?${query}`, 200)).transactions as Array<{ transaction_id: string }>).map((t) => t.transaction_id);
  const mirrorId = (id: string) => id.replace('@', '-').replace(/\.(\d+)$/, '-$1');
  const send = async (tx: Transaction, ...keys: PrivateKey[]): Promise<string> => {
    tx.freezeWith(client);
    for (const key of keys) await tx.sign(key);
    const response = await tx.execute(client);
    await response.getReceipt(client);
    return mirrorId(response.transactionId.toString());
  };

  before(async () => {
    client = suite.client;
    ({ accountId: alice, privateKey: aliceKey } = await suite.net.createAccount({ hbar: 10 }));
    const bobKey = PrivateKey.generateED25519();
    bob = (await (await new AccountCreateTransaction().setKeyWithoutAlias(bobKey.publicKey).setMaxAutomaticTokenAssociations(10).execute(client)).getReceipt(client)).accountId!.toString();
    const operator = suite.net.operatorId;
    const treasuryKey = suite.net.operatorKey.publicKey;
    const tokenId = (await (await new TokenCreateTransaction().setTokenName('Coin').setTokenSymbol('C').setInitialSupply(100).setTreasuryAccountId(operator).execute(client)).getReceipt(client)).tokenId!.toString();
    const collection = (await (await new TokenCreateTransaction().setTokenName('Art').setTokenSymbol('A').setTokenType(TokenType.NonFungibleUnique)
      .setTreasuryAccountId(operator).setSupplyKey(treasuryKey).execute(client)).getReceipt(client)).tokenId!.toString();
    await send(new TokenMintTransaction().setTokenId(collection).setMetadata([Buffer.from('one')]));
    // alice pays bob 1 HBAR, and pays the fee herself.
    hbarId = await send(new TransferTransaction().addHbarTransfer(alice, new Hbar(-1)).addHbarTransfer(bob, new Hbar(1)).setTransactionId(TransactionId.generate(alice)), aliceKey);
    tokenTransferId = await send(new TransferTransaction().addTokenTransfer(tokenId, operator, -5).addTokenTransfer(tokenId, bob, 5));
    nftId = await send(new TransferTransaction().addNftTransfer(collection, 1, operator, bob));
  });

  it('lists what the account received (HBAR, fungible tokens) under credit and what it paid under debit, and an NFT movement under neither', async () => {
    const bobCredits = await idsOf(`account.id=${bob}&type=credit`);
    expect(bobCredits).to.include.members([hbarId, tokenTransferId]);
    expect(await idsOf(`account.id=${bob}`), 'bob is involved in the NFT transfer').to.include(nftId);
    expect(bobCredits).to.not.include(nftId);
    expect(await idsOf(`account.id=${bob}&type=DEBIT`)).to.deep.equal([]);
    expect(await idsOf(`account.id=${alice}&type=debit`)).to.include(hbarId);
    expect(await idsOf(`account.id=${alice}&type=credit`)).to.not.include(hbarId);
  });

  it('matches nothing for two different type values, and refuses any other value', async () => {
    expect(await idsOf(`account.id=${bob}&type=credit&type=credit`)).to.include(hbarId);
    expect(await idsOf(`account.id=${alice}&type=credit`)).to.not.deep.equal([]);
    expect(await idsOf(`account.id=${alice}&type=debit&type=credit`)).to.deep.equal([]);
    const refused = await checkedGet(suite.net.mirrorUrl, '/api/v1/transactions?type=both', 400);
    expect(refused._status.messages[0].message).to.equal('Invalid parameter: type');
  });
});
