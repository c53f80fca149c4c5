import { expect } from 'chai';
import {
  AccountBalanceQuery, AccountCreateTransaction, Hbar, ReceiptStatusError, Status, TokenAirdropTransaction, TokenAssociateTransaction, TokenCreateTransaction,
  TokenDissociateTransaction, TokenInfoQuery, TokenMintTransaction, TokenSupplyType, TokenType, TokenUpdateTransaction,
  TransferTransaction, type Client, type PrivateKey, type Transaction, type TransactionReceipt,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';

async function getJson(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

describe('devnet tokens', () => {
  let net: Devnet;
  let client: Client;

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
  });
  after(async () => { await net.stop(); });

  async function run(tx: Transaction, ...signers: PrivateKey[]): Promise<TransactionReceipt> {
    tx.freezeWith(client);
    for (const key of signers) await tx.sign(key);
    return (await tx.execute(client)).getReceipt(client);
  }

  async function failure(tx: Transaction, ...signers: PrivateKey[]): Promise<ReceiptStatusError> {
    const error = await run(tx, ...signers).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ReceiptStatusError);
    return error as ReceiptStatusError;
  }

  function fungible(build: (tx: TokenCreateTransaction) => TokenCreateTransaction = (tx) => tx): TokenCreateTransaction {
    return build(new TokenCreateTransaction().setTokenName('Gold').setTokenSymbol('GLD').setDecimals(2).setInitialSupply(1000)
      .setTreasuryAccountId(net.operatorId).setSupplyKey(net.operatorKey.publicKey).setAdminKey(net.operatorKey.publicKey));
  }

  async function createFungible(build?: (tx: TokenCreateTransaction) => TokenCreateTransaction): Promise<string> {
    return (await run(fungible(build))).tokenId!.toString();
  }

  async function createNft(): Promise<string> {
    const tx = new TokenCreateTransaction().setTokenName('Art').setTokenSymbol('ART').setTokenType(TokenType.NonFungibleUnique)
      .setSupplyType(TokenSupplyType.Finite).setMaxSupply(100).setTreasuryAccountId(net.operatorId).setSupplyKey(net.operatorKey.publicKey);
    return (await run(tx)).tokenId!.toString();
  }

  describe('when creating and minting fungible tokens', () => {
    it('gives the treasury the initial supply and reports it in TokenInfoQuery and the mirror', async () => {
      const tokenId = await createFungible();
      const info = await new TokenInfoQuery().setTokenId(tokenId).execute(client);
      expect(info.name).to.equal('Gold');
      expect(info.decimals).to.equal(2);
      expect(info.totalSupply.toNumber()).to.equal(1000);
      expect(info.treasuryAccountId!.toString()).to.equal('0.0.2');
      const receipt = await run(new TokenMintTransaction().setTokenId(tokenId).setAmount(500));
      expect(receipt.totalSupply!.toNumber()).to.equal(1500);
      const { body } = await getJson(`${net.mirrorUrl}/api/v1/tokens/${tokenId}`);
      expect(body).to.include({ token_id: tokenId, name: 'Gold', symbol: 'GLD', decimals: '2', total_supply: '1500', initial_supply: '1000',
        type: 'FUNGIBLE_COMMON', supply_type: 'INFINITE', treasury_account_id: '0.0.2', max_supply: '0' });
      expect(body.supply_key).to.deep.equal({ _type: 'ED25519', key: net.operatorKey.publicKey.toStringRaw() });
      const balances = await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client);
      expect(balances.tokens!.get(tokenId)!.toNumber()).to.equal(1500);
    });

    it('refuses to mint past a finite max supply', async () => {
      const tokenId = await createFungible((tx) => tx.setSupplyType(TokenSupplyType.Finite).setMaxSupply(1200));
      const error = await failure(new TokenMintTransaction().setTokenId(tokenId).setAmount(201));
      expect(error.status).to.equal(Status.TokenMaxSupplyReached);
    });

    it('needs the supply key to mint', async () => {
      const holder = await net.createAccount({ hbar: 1 });
      const tokenId = await createFungible((tx) => tx.setSupplyKey(holder.privateKey.publicKey));
      expect((await failure(new TokenMintTransaction().setTokenId(tokenId).setAmount(1))).status).to.equal(Status.InvalidSignature);
      expect((await run(new TokenMintTransaction().setTokenId(tokenId).setAmount(1), holder.privateKey)).status).to.equal(Status.Success);
    });
  });

  describe('when associating and transferring fungible tokens', () => {
    it('requires association, the account signature and enough balance', async () => {
      const tokenId = await createFungible();
      const alice = await net.createAccount({ hbar: 5 });
      const toAlice = () => new TransferTransaction().addTokenTransfer(tokenId, net.operatorId, -100).addTokenTransfer(tokenId, alice.accountId, 100);
      expect((await failure(toAlice())).status).to.equal(Status.TokenNotAssociatedToAccount);
      expect((await failure(new TokenAssociateTransaction().setAccountId(alice.accountId).setTokenIds([tokenId]))).status).to.equal(Status.InvalidSignature);
      await run(new TokenAssociateTransaction().setAccountId(alice.accountId).setTokenIds([tokenId]), alice.privateKey);
      const again = await failure(new TokenAssociateTransaction().setAccountId(alice.accountId).setTokenIds([tokenId]), alice.privateKey);
      expect(again.status).to.equal(Status.TokenAlreadyAssociatedToAccount);
      await run(toAlice());
      const tooMuch = new TransferTransaction().addTokenTransfer(tokenId, alice.accountId, -101).addTokenTransfer(tokenId, net.operatorId, 101);
      expect((await failure(tooMuch, alice.privateKey)).status).to.equal(Status.InsufficientTokenBalance);
      const { body } = await getJson(`${net.mirrorUrl}/api/v1/accounts/${alice.accountId}/tokens`);
      expect(body.tokens).to.deep.equal([{ automatic_association: false, balance: 100, created_timestamp: body.tokens[0].created_timestamp,
        decimals: 2, freeze_status: 'NOT_APPLICABLE', kyc_status: 'NOT_APPLICABLE', token_id: tokenId }]);
      const dissociate = () => new TokenDissociateTransaction().setAccountId(alice.accountId).setTokenIds([tokenId]);
      expect((await failure(dissociate(), alice.privateKey)).status).to.equal(Status.TransactionRequiresZeroTokenBalances);
      await run(new TransferTransaction().addTokenTransfer(tokenId, alice.accountId, -100).addTokenTransfer(tokenId, net.operatorId, 100), alice.privateKey);
      expect((await run(dissociate(), alice.privateKey)).status).to.equal(Status.Success);
      expect((await getJson(`${net.mirrorUrl}/api/v1/accounts/${alice.accountId}/tokens`)).body.tokens).to.deep.equal([]);
    });

    it('associates automatically when the receiver has free slots', async () => {
      const tokenId = await createFungible();
      const auto = (await run(new AccountCreateTransaction().setKeyWithoutAlias(net.operatorKey.publicKey).setMaxAutomaticTokenAssociations(1))).accountId!.toString();
      await run(new TransferTransaction().addTokenTransfer(tokenId, net.operatorId, -7).addTokenTransfer(tokenId, auto, 7));
      const { body } = await getJson(`${net.mirrorUrl}/api/v1/accounts/${auto}/tokens`);
      expect(body.tokens[0]).to.include({ token_id: tokenId, balance: 7, automatic_association: true });
    });
  });

  describe('when airdropping', () => {
    it('delivers to associated accounts and leaves a pending airdrop otherwise', async () => {
      const tokenId = await createFungible();
      const carol = await net.createAccount({ hbar: 1 });
      const dave = await net.createAccount({ hbar: 1 });
      await run(new TokenAssociateTransaction().setAccountId(carol.accountId).setTokenIds([tokenId]), carol.privateKey);
      await run(new TokenAirdropTransaction().addTokenTransfer(tokenId, net.operatorId, -30).addTokenTransfer(tokenId, carol.accountId, 10).addTokenTransfer(tokenId, dave.accountId, 20));
      const carolBalance = await new AccountBalanceQuery().setAccountId(carol.accountId).execute(client);
      expect(carolBalance.tokens!.get(tokenId)!.toNumber()).to.equal(10);
      const { body } = await getJson(`${net.mirrorUrl}/api/v1/accounts/${dave.accountId}/airdrops/pending`);
      expect(body.airdrops).to.have.length(1);
      expect(body.airdrops[0]).to.include({ amount: 20, receiver_id: dave.accountId, sender_id: '0.0.2', token_id: tokenId });
      const operator = await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client);
      expect(operator.tokens!.get(tokenId)!.toNumber()).to.equal(990);
    });
  });

  describe('when using NFTs', () => {
    it('mints serials to the treasury and transfers them to associated accounts only', async () => {
      const tokenId = await createNft();
      const receipt = await run(new TokenMintTransaction().setTokenId(tokenId).setMetadata([Buffer.from('a'), Buffer.from('b'), Buffer.from('c')]));
      expect(receipt.serials.map((s) => s.toNumber())).to.deep.equal([1, 2, 3]);
      const erin = await net.createAccount({ hbar: 1 });
      const send = (serial: number) => new TransferTransaction().addNftTransfer(tokenId, serial, net.operatorId, erin.accountId);
      expect((await failure(send(1))).status).to.equal(Status.TokenNotAssociatedToAccount);
      await run(new TokenAssociateTransaction().setAccountId(erin.accountId).setTokenIds([tokenId]), erin.privateKey);
      await run(send(1));
      expect((await failure(send(1))).status).to.equal(Status.SenderDoesNotOwnNftSerialNo);
      const info = await new TokenInfoQuery().setTokenId(tokenId).execute(client);
      expect(info.totalSupply.toNumber()).to.equal(3);
      const { body } = await getJson(`${net.mirrorUrl}/api/v1/tokens/${tokenId}`);
      expect(body).to.include({ type: 'NON_FUNGIBLE_UNIQUE', supply_type: 'FINITE', max_supply: '100', decimals: '0', total_supply: '3' });
      const nfts = await getJson(`${net.mirrorUrl}/api/v1/tokens/${tokenId}/nfts`);
      expect(nfts.body.nfts.map((n: any) => [n.serial_number, n.account_id])).to.deep.equal([[3, '0.0.2'], [2, '0.0.2'], [1, erin.accountId]]);
    });
  });

  describe('when updating tokens', () => {
    it('needs the admin key, and a token without one is immutable', async () => {
      const tokenId = await createFungible();
      await run(new TokenUpdateTransaction().setTokenId(tokenId).setTokenName('Silver'));
      expect((await new TokenInfoQuery().setTokenId(tokenId).execute(client)).name).to.equal('Silver');
      const frozen = (await run(new TokenCreateTransaction().setTokenName('Fixed').setTokenSymbol('FIX').setTreasuryAccountId(net.operatorId).setInitialSupply(1))).tokenId!.toString();
      expect((await failure(new TokenUpdateTransaction().setTokenId(frozen).setTokenName('x'))).status).to.equal(Status.TokenIsImmutable);
    });
  });

  describe('when reading balances and transactions from the mirror', () => {
    it('lists balances with tokens and finds a transaction by its ID', async () => {
      const tokenId = await createFungible();
      const frank = await net.createAccount({ hbar: 2 });
      await run(new TokenAssociateTransaction().setAccountId(frank.accountId).setTokenIds([tokenId]), frank.privateKey);
      const tx = new TransferTransaction().addTokenTransfer(tokenId, net.operatorId, -5).addTokenTransfer(tokenId, frank.accountId, 5)
        .addHbarTransfer(net.operatorId, Hbar.fromTinybars(-3)).addHbarTransfer(frank.accountId, Hbar.fromTinybars(3)).setTransactionMemo('hi');
      await run(tx);
      const balances = await getJson(`${net.mirrorUrl}/api/v1/balances?account.id=${frank.accountId}`);
      expect(balances.body.balances).to.deep.equal([{ account: frank.accountId, balance: 2e8 + 3, tokens: [{ token_id: tokenId, balance: 5 }] }]);
      const [payer, start] = tx.transactionId!.toString().split('@');
      const id = `${payer}-${start.replace('.', '-')}`;
      const { status, body } = await getJson(`${net.mirrorUrl}/api/v1/transactions/${id}`);
      expect(status).to.equal(200);
      const [record] = body.transactions;
      expect(record).to.include({ name: 'CRYPTOTRANSFER', result: 'SUCCESS', charged_tx_fee: 100000, node: '0.0.3', memo_base64: Buffer.from('hi').toString('base64') });
      expect(record.transaction_id).to.match(/^0\.0\.2-\d+-\d{9}$/);
      expect(record.transfers).to.deep.include({ account: frank.accountId, amount: 3, is_approval: false });
      expect(record.transfers).to.deep.include({ account: '0.0.2', amount: -100000 - 3, is_approval: false });
      expect(record.token_transfers).to.deep.include({ token_id: tokenId, account: frank.accountId, amount: 5, is_approval: false });
      expect(Buffer.from(record.transaction_hash, 'base64').equals(Buffer.from(await tx.getTransactionHash()))).to.equal(true);
      const missing = await getJson(`${net.mirrorUrl}/api/v1/transactions/0.0.2-1-000000001`);
      expect(missing.status).to.equal(404);
      expect(missing.body).to.deep.equal({ _status: { messages: [{ message: 'Not found' }] } });
    });
  });
});
