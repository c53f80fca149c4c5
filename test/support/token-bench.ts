import { expect } from 'chai';
import {
  AccountBalanceQuery, PrecheckStatusError, ReceiptStatusError, TokenAssociateTransaction, TokenCreateTransaction, TokenMintTransaction,
  TokenType, TransferTransaction, type Client, type PrivateKey, type Transaction, type TransactionReceipt, type TransactionRecord,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { checkedGet } from './mirror-checked.js';

export interface Holder { accountId: string; privateKey: PrivateKey }

/** A transfer of `amount` units of a fungible token. */
export const sendTokens = (tokenId: string, from: string, to: string, amount: number): TransferTransaction =>
  new TransferTransaction().addTokenTransfer(tokenId, from, -amount).addTokenTransfer(tokenId, to, amount);

export const sendNft = (tokenId: string, serial: number, from: string, to: string): TransferTransaction =>
  new TransferTransaction().addNftTransfer(tokenId, serial, from, to);

/**
 * A devnet plus the few moves token tests repeat: run a transaction signed by extra keys, read the
 * status it failed with, create tokens whose keys are all the operator's, fund and associate holders,
 * and read balances back through AccountBalanceQuery and the schema-checked mirror.
 */
export class TokenBench {
  private constructor(readonly net: Devnet, readonly client: Client) {}

  static async start(): Promise<TokenBench> {
    const net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    return new TokenBench(net, net.client());
  }

  stop(): Promise<void> {
    return this.net.stop();
  }

  get operator(): string {
    return this.net.operatorId;
  }

  get operatorKey(): PrivateKey {
    return this.net.operatorKey;
  }

  /** Freezes with `payer` (the operator's client by default), signs with `signers`, submits and waits for the receipt. */
  async run(tx: Transaction, signers: PrivateKey[] = [], payer: Client = this.client): Promise<TransactionReceipt> {
    return (await this.submit(tx, signers, payer)).getReceipt(payer);
  }

  async record(tx: Transaction, signers: PrivateKey[] = [], payer: Client = this.client): Promise<TransactionRecord> {
    const response = await this.submit(tx, signers, payer);
    await response.getReceipt(payer);
    return response.getRecord(payer);
  }

  /** The receipt status name a transaction fails with at consensus (fails the test if it succeeds). */
  async failure(tx: Transaction, signers: PrivateKey[] = [], payer: Client = this.client): Promise<string> {
    const error = await this.run(tx, signers, payer).catch((e: unknown) => e);
    expect(error, 'expected a ReceiptStatusError').to.be.instanceOf(ReceiptStatusError);
    return (error as ReceiptStatusError).status.toString();
  }

  /** The precheck status name a transaction is refused with (fails the test if it is accepted). */
  async precheck(tx: Transaction, signers: PrivateKey[] = [], payer: Client = this.client): Promise<string> {
    const error = await this.submit(tx, signers, payer).catch((e: unknown) => e);
    expect(error, 'expected a PrecheckStatusError').to.be.instanceOf(PrecheckStatusError);
    return (error as PrecheckStatusError).status.toString();
  }

  /** A funded account associated with `tokens`. */
  async holder(tokens: string[] = [], hbar = 20): Promise<Holder> {
    const holder = await this.net.createAccount({ hbar });
    if (tokens.length) await this.run(new TokenAssociateTransaction().setAccountId(holder.accountId).setTokenIds(tokens), [holder.privateKey]);
    return holder;
  }

  /** A holder of `amount` units of each token, sent by the treasury (the operator, which pays no custom fees). */
  async funded(amount: number, ...tokens: string[]): Promise<Holder> {
    const holder = await this.holder(tokens);
    for (const tokenId of tokens) await this.run(sendTokens(tokenId, this.operator, holder.accountId, amount));
    return holder;
  }

  async associate(holder: Holder, ...tokens: string[]): Promise<void> {
    await this.run(new TokenAssociateTransaction().setAccountId(holder.accountId).setTokenIds(tokens), [holder.privateKey]);
  }

  /**
   * A fungible token with the operator as treasury, admin and supply key; `build` adjusts the transaction
   * and `signers` sign it (a new admin key, fee collectors).
   */
  async fungible(build: (tx: TokenCreateTransaction) => TokenCreateTransaction = (tx) => tx, supply = 1_000_000, signers: PrivateKey[] = []): Promise<string> {
    const key = this.operatorKey.publicKey;
    const tx = new TokenCreateTransaction().setTokenName('Coin').setTokenSymbol('CN').setDecimals(0).setInitialSupply(supply)
      .setTreasuryAccountId(this.operator).setAdminKey(key).setSupplyKey(key);
    return (await this.run(build(tx), signers)).tokenId!.toString();
  }

  /** A fungible token without any key: immutable, with a fixed supply, no freeze, KYC, wipe, pause or fee schedule key. */
  async keylessFungible(supply = 1000): Promise<string> {
    const tx = new TokenCreateTransaction().setTokenName('Plain').setTokenSymbol('PLN').setInitialSupply(supply).setTreasuryAccountId(this.operator);
    return (await this.run(tx)).tokenId!.toString();
  }

  /** An NFT token with the operator as treasury and supply key, and `serials` serials minted (metadata "1", "2", …). */
  async nft(build: (tx: TokenCreateTransaction) => TokenCreateTransaction = (tx) => tx, serials = 3, signers: PrivateKey[] = []): Promise<string> {
    const key = this.operatorKey.publicKey;
    const tx = new TokenCreateTransaction().setTokenName('Art').setTokenSymbol('ART').setTokenType(TokenType.NonFungibleUnique)
      .setTreasuryAccountId(this.operator).setAdminKey(key).setSupplyKey(key);
    const tokenId = (await this.run(build(tx), signers)).tokenId!.toString();
    const metadata = Array.from({ length: serials }, (_, i) => Buffer.from(String(i + 1)));
    if (serials) await this.run(new TokenMintTransaction().setTokenId(tokenId).setMetadata(metadata));
    return tokenId;
  }

  /** The account's balance of a token by AccountBalanceQuery (undefined when not associated). */
  async balance(account: string, tokenId: string): Promise<number | undefined> {
    const balances = await new AccountBalanceQuery().setAccountId(account).execute(this.client);
    return balances.tokens?.get(tokenId)?.toNumber();
  }

  async tinybars(account: string): Promise<number> {
    return (await new AccountBalanceQuery().setAccountId(account).execute(this.client)).hbars.toTinybars().toNumber();
  }

  /** GET a mirror path under `/api/v1`, checked against the mirror OpenAPI schema. */
  mirror(path: string, status = 200): Promise<any> {
    return checkedGet(this.net.mirrorUrl, `/api/v1${path}`, status);
  }

  private async submit(tx: Transaction, signers: PrivateKey[], payer: Client) {
    if (!tx.isFrozen()) tx.freezeWith(payer);
    for (const key of signers) await tx.sign(key);
    return tx.execute(payer);
  }
}
