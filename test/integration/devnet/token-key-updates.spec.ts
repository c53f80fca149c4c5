import { expect } from 'chai';
import {
  KeyList, NftId, PrivateKey, TokenCreateTransaction, TokenInfoQuery, TokenKeyValidation, TokenMintTransaction, TokenNftInfoQuery, TokenType,
  TokenUpdateNftsTransaction, TokenUpdateTransaction, TokenId, Long,
} from '@hiero-ledger/sdk';
import { sendNft, TokenBench } from '../../support/token-bench.js';

describe('devnet token updates by role keys (HIP-540, HIP-646) and NFT metadata updates (HIP-657)', () => {
  let bench: TokenBench;

  before(async () => { bench = await TokenBench.start(); });
  after(async () => { await bench.stop(); });

  const keys = () => ({ admin: PrivateKey.generateED25519(), supply: PrivateKey.generateED25519(), wipe: PrivateKey.generateECDSA(), metadata: PrivateKey.generateED25519() });

  /** A fungible token with supply, wipe and metadata keys and, when `admin` is given, that admin key. */
  async function token(k: ReturnType<typeof keys>, withAdmin: boolean): Promise<string> {
    const create = new TokenCreateTransaction().setTokenName('Roles').setTokenSymbol('RLS').setInitialSupply(10).setTreasuryAccountId(bench.operator)
      .setSupplyKey(k.supply).setWipeKey(k.wipe).setMetadataKey(k.metadata).setMetadata(Buffer.from('v1'));
    if (withAdmin) create.setAdminKey(k.admin);
    return (await bench.run(create, withAdmin ? [k.admin] : [])).tokenId!.toString();
  }
  const info = (tokenId: string) => new TokenInfoQuery().setTokenId(tokenId).execute(bench.client);

  describe('when the token has no admin key', () => {
    it('lets the metadata key change the metadata, and nobody else', async () => {
      const k = keys();
      const tokenId = await token(k, false);
      expect(await bench.failure(new TokenUpdateTransaction().setTokenId(tokenId).setMetadata(Buffer.from('v2')), [k.supply])).to.equal('INVALID_SIGNATURE');
      await bench.run(new TokenUpdateTransaction().setTokenId(tokenId).setMetadata(Buffer.from('v2')), [k.metadata]);
      expect(Buffer.from((await info(tokenId)).metadata!).toString()).to.equal('v2');
    });

    it('lets a role key replace itself, with the new key signing too under full validation', async () => {
      const k = keys();
      const tokenId = await token(k, false);
      const next = PrivateKey.generateED25519();
      const update = () => new TokenUpdateTransaction().setTokenId(tokenId).setSupplyKey(next).setKeyVerificationMode(TokenKeyValidation.FullValidation);
      expect(await bench.failure(update(), [k.supply])).to.equal('INVALID_SIGNATURE');
      await bench.run(update(), [k.supply, next]);
      expect((await info(tokenId)).supplyKey?.toString()).to.equal(next.publicKey.toString());
      const unusable = PrivateKey.generateED25519().publicKey;
      await bench.run(new TokenUpdateTransaction().setTokenId(tokenId).setSupplyKey(unusable).setKeyVerificationMode(TokenKeyValidation.NoValidation), [next]);
      expect((await info(tokenId)).supplyKey?.toString()).to.equal(unusable.toString());
    });

    it('still refuses admin-only changes and key removals with TOKEN_IS_IMMUTABLE', async () => {
      const k = keys();
      const tokenId = await token(k, false);
      expect(await bench.failure(new TokenUpdateTransaction().setTokenId(tokenId).setTokenName('New'), [k.supply, k.metadata])).to.equal('TOKEN_IS_IMMUTABLE');
      expect(await bench.failure(new TokenUpdateTransaction().setTokenId(tokenId).setWipeKey(new KeyList()), [k.wipe])).to.equal('TOKEN_IS_IMMUTABLE');
      expect(await bench.failure(new TokenUpdateTransaction().setTokenId(tokenId).setFreezeKey(PrivateKey.generateED25519()), [k.supply])).to.equal('TOKEN_IS_IMMUTABLE');
    });
  });

  describe('when the token has an admin key', () => {
    it('accepts either the admin key or the role key for a role key change, and removes keys only with the admin key', async () => {
      const k = keys();
      const tokenId = await token(k, true);
      const byAdmin = PrivateKey.generateED25519();
      await bench.run(new TokenUpdateTransaction().setTokenId(tokenId).setWipeKey(byAdmin).setKeyVerificationMode(TokenKeyValidation.NoValidation), [k.admin]);
      expect((await info(tokenId)).wipeKey?.toString()).to.equal(byAdmin.publicKey.toString());
      expect(await bench.failure(new TokenUpdateTransaction().setTokenId(tokenId).setSupplyKey(new KeyList()), [k.supply])).to.equal('INVALID_SIGNATURE');
      await bench.run(new TokenUpdateTransaction().setTokenId(tokenId).setSupplyKey(new KeyList()), [k.admin]);
      expect((await info(tokenId)).supplyKey).to.equal(null);
      expect(await bench.failure(new TokenUpdateTransaction().setTokenId(tokenId).setSupplyKey(PrivateKey.generateED25519()).setKeyVerificationMode(TokenKeyValidation.NoValidation), [k.admin]))
        .to.equal('TOKEN_HAS_NO_SUPPLY_KEY');
      expect(await bench.failure(new TokenUpdateTransaction().setTokenId(tokenId).setFreezeKey(new KeyList()), [k.admin])).to.equal('TOKEN_HAS_NO_FREEZE_KEY');
    });

    it('leaves the token unchanged when one of several changes lacks its signature', async () => {
      const k = keys();
      const tokenId = await token(k, true);
      const update = new TokenUpdateTransaction().setTokenId(tokenId).setMetadata(Buffer.from('v3')).setTokenName('Renamed');
      expect(await bench.failure(update, [k.metadata])).to.equal('INVALID_SIGNATURE');
      const after = await info(tokenId);
      expect(after.name).to.equal('Roles');
      expect(Buffer.from(after.metadata!).toString()).to.equal('v1');
    });
  });

  describe('when NFT metadata is updated', () => {
    async function collection(withMetadataKey: boolean) {
      const supply = PrivateKey.generateED25519();
      const metadata = PrivateKey.generateED25519();
      const create = new TokenCreateTransaction().setTokenName('Art').setTokenSymbol('ART').setTokenType(TokenType.NonFungibleUnique)
        .setTreasuryAccountId(bench.operator).setSupplyKey(supply);
      if (withMetadataKey) create.setMetadataKey(metadata);
      const tokenId = (await bench.run(create)).tokenId!.toString();
      await bench.run(new TokenMintTransaction().setTokenId(tokenId).setMetadata([Buffer.from('a'), Buffer.from('b')]), [supply]);
      return { tokenId, supply, metadata };
    }
    const metadataOf = async (tokenId: string, serial: number) =>
      Buffer.from((await new TokenNftInfoQuery().setNftId(new NftId(TokenId.fromString(tokenId), serial)).execute(bench.client))[0].metadata!).toString();

    it('takes the metadata key, or the supply key while the serials are with the treasury', async () => {
      const { tokenId, supply, metadata } = await collection(true);
      await bench.run(new TokenUpdateNftsTransaction().setTokenId(tokenId).setSerialNumbers([Long.fromNumber(1)]).setMetadata(Buffer.from('by-supply')), [supply]);
      expect(await metadataOf(tokenId, 1)).to.equal('by-supply');
      const holder = await bench.holder([tokenId]);
      await bench.run(sendNft(tokenId, 2, bench.operator, holder.accountId));
      expect(await bench.failure(new TokenUpdateNftsTransaction().setTokenId(tokenId).setSerialNumbers([Long.fromNumber(2)]).setMetadata(Buffer.from('x')), [supply]))
        .to.equal('INVALID_SIGNATURE');
      await bench.run(new TokenUpdateNftsTransaction().setTokenId(tokenId).setSerialNumbers([Long.fromNumber(2)]).setMetadata(Buffer.from('by-metadata')), [metadata]);
      expect(await metadataOf(tokenId, 2)).to.equal('by-metadata');
    });

    it('answers INVALID_NFT_ID for a serial never minted, TOKEN_HAS_NO_METADATA_KEY away from the treasury, METADATA_TOO_LONG past 100 bytes', async () => {
      const { tokenId, supply } = await collection(false);
      expect(await bench.failure(new TokenUpdateNftsTransaction().setTokenId(tokenId).setSerialNumbers([Long.fromNumber(9)]).setMetadata(Buffer.from('x')), [supply])).to.equal('INVALID_NFT_ID');
      expect(await bench.failure(new TokenUpdateNftsTransaction().setTokenId(tokenId).setSerialNumbers([Long.fromNumber(1)]).setMetadata(Buffer.alloc(101)), [supply])).to.equal('METADATA_TOO_LONG');
      const holder = await bench.holder([tokenId]);
      await bench.run(sendNft(tokenId, 1, bench.operator, holder.accountId));
      expect(await bench.failure(new TokenUpdateNftsTransaction().setTokenId(tokenId).setSerialNumbers([Long.fromNumber(1)]).setMetadata(Buffer.from('x')), [supply])).to.equal('TOKEN_HAS_NO_METADATA_KEY');
      expect(await metadataOf(tokenId, 1)).to.equal('a');
    });
  });
});
