import { expect } from 'chai';
import { MaxRecipientsPolicy } from '../../../src/policies/max-recipients-policy.js';
import { ExpressionPolicy } from '../../../src/policies/index.js';
import { startTokenWorld, succeeded, type Actor, type TokenWorld } from './token-fixtures.js';

interface MirrorNft {
  serial_number: number;
  account_id: string;
  spender: string | null;
  metadata: string;
}

describe('core-token NFT tools on the devnet (AUTONOMOUS)', () => {
  let world: TokenWorld;
  let alice: Actor;
  let bob: Actor;
  let tokenId: string;

  const nfts = async (): Promise<Map<number, MirrorNft>> => {
    const body = (await fetch(`${world.net.mirrorUrl}/api/v1/tokens/${tokenId}/nfts`).then((r) => r.json())) as { nfts: MirrorNft[] };
    return new Map(body.nfts.map((nft) => [nft.serial_number, nft]));
  };

  before(async () => {
    world = await startTokenWorld();
    alice = await world.actor();
    bob = await world.actor();
    tokenId = String(succeeded(await world.kit.execute('create_non_fungible_token_tool', { tokenName: 'Space Cats', tokenSymbol: 'CAT', maxSupply: 5 })).tokenId);
  });
  after(async () => { await world.close(); });

  describe('when creating a collection', () => {
    it('creates a finite NFT token whose supply and admin key is the operator key', async () => {
      const token = await world.mirror.getToken(tokenId);
      expect(token).to.include({ type: 'NON_FUNGIBLE_UNIQUE', supply_type: 'FINITE', max_supply: '5', total_supply: '0', name: 'Space Cats', treasury_account_id: world.net.operatorId });
      expect(token.supply_key?.key).to.equal(world.net.operatorKey.publicKey.toStringRaw());
    });
  });

  describe('when minting', () => {
    it('mints one serial per URI, with the URI as metadata, into the treasury', async () => {
      const result = await world.kit.execute('mint_non_fungible_token_tool', { tokenId, uris: ['ipfs://cat/1', 'ipfs://cat/2', 'ipfs://cat/3'] });
      expect(succeeded(result).serials).to.deep.equal(['1', '2', '3']);
      expect(result.humanMessage).to.contain('serials 1, 2, 3');
      const minted = await nfts();
      expect([...minted.keys()].sort()).to.deep.equal([1, 2, 3]);
      expect(Buffer.from(minted.get(2)!.metadata, 'base64').toString()).to.equal('ipfs://cat/2');
      expect(minted.get(1)!.account_id).to.equal(world.net.operatorId);
    });

    it('reports the ledger status when the mint would pass maxSupply', async () => {
      const result = await world.kit.execute('mint_non_fungible_token_tool', { tokenId, uris: ['a', 'b', 'c'] });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.errorCode).to.equal('TOKEN_MAX_SUPPLY_REACHED');
    });
  });

  describe('when transferring', () => {
    it('moves the serial to the associated recipient', async () => {
      succeeded(await alice.kit.execute('associate_token_tool', { tokenIds: [tokenId] }));
      succeeded(await world.kit.execute('transfer_non_fungible_token_tool', { tokenId, recipients: [{ recipientId: alice.accountId, serialNumber: 1 }, { recipientId: alice.accountId, serialNumber: 2 }] }));
      const owners = await nfts();
      expect(owners.get(1)!.account_id).to.equal(alice.accountId);
      expect(owners.get(2)!.account_id).to.equal(alice.accountId);
      expect(owners.get(3)!.account_id).to.equal(world.net.operatorId);
    });

    it('gives MaxRecipientsPolicy one entry per NFT with its receiver, so two NFTs to one account count once', async () => {
      const guarded = await world.kitWith({ hooks: [new MaxRecipientsPolicy(1)] });
      succeeded(await bob.kit.execute('associate_token_tool', { tokenIds: [tokenId] }));
      const twoReceivers = await guarded.execute('transfer_non_fungible_token_tool', { tokenId, recipients: [{ recipientId: alice.accountId, serialNumber: 3 }, { recipientId: bob.accountId, serialNumber: 4 }] });
      expect(twoReceivers.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect((await nfts()).get(3)!.account_id).to.equal(world.net.operatorId);
      succeeded(await world.kit.execute('mint_non_fungible_token_tool', { tokenId, uris: ['ipfs://cat/4'] }));
      succeeded(await guarded.execute('transfer_non_fungible_token_tool', { tokenId, recipients: [{ recipientId: bob.accountId, serialNumber: 3 }, { recipientId: bob.accountId, serialNumber: 4 }] }));
      expect((await nfts()).get(4)!.account_id).to.equal(bob.accountId);
    });
  });

  describe('when approving and spending an NFT allowance', () => {
    it('lets the spender move the approved serial only', async () => {
      succeeded(await alice.kit.execute('approve_nft_allowance_tool', { spenderAccountId: world.net.operatorId, tokenId, serialNumbers: [1] }));
      expect((await nfts()).get(1)!.spender).to.equal(world.net.operatorId);
      succeeded(await world.kit.execute('transfer_non_fungible_token_with_allowance_tool', { sourceAccountId: alice.accountId, tokenId, recipients: [{ recipientId: bob.accountId, serialNumber: 1 }] }));
      expect((await nfts()).get(1)!.account_id).to.equal(bob.accountId);
      const unapproved = await world.kit.execute('transfer_non_fungible_token_with_allowance_tool', { sourceAccountId: alice.accountId, tokenId, recipients: [{ recipientId: bob.accountId, serialNumber: 2 }] });
      expect(unapproved.raw.status).to.equal('ERROR');
      expect(unapproved.raw.errorCode).to.equal('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
      expect((await nfts()).get(2)!.account_id).to.equal(alice.accountId);
    });

    it('approves the whole collection with allSerials', async () => {
      succeeded(await alice.kit.execute('approve_nft_allowance_tool', { spenderAccountId: world.net.operatorId, tokenId, allSerials: true }));
      succeeded(await world.kit.execute('transfer_non_fungible_token_with_allowance_tool', { sourceAccountId: alice.accountId, tokenId, recipients: [{ recipientId: bob.accountId, serialNumber: 2 }] }));
      expect((await nfts()).get(2)!.account_id).to.equal(bob.accountId);
    });
  });

  describe('when removing an NFT allowance (bob now owns serials 1 to 4)', () => {
    it('clears the spender of the listed serials only, so an approved transfer of them fails', async () => {
      succeeded(await bob.kit.execute('approve_nft_allowance_tool', { spenderAccountId: alice.accountId, tokenId, serialNumbers: [3, 4] }));
      expect([(await nfts()).get(3)!.spender, (await nfts()).get(4)!.spender]).to.deep.equal([alice.accountId, alice.accountId]);
      const result = await bob.kit.execute('delete_non_fungible_token_allowance_tool', { tokenId, serialNumbers: [3] });
      const raw = succeeded(result);
      expect(result.humanMessage).to.contain(`Removed the allowance on NFT serial(s) 3 of ${tokenId} owned by ${bob.accountId}`);
      const [record] = (await world.mirror.getTransaction(String(raw.transactionId))).transactions;
      expect([record!.name, record!.result]).to.deep.equal(['CRYPTODELETEALLOWANCE', 'SUCCESS']);
      const after = await nfts();
      expect([after.get(3)!.spender, after.get(4)!.spender]).to.deep.equal([null, alice.accountId]);
      const spend = (serialNumber: number) =>
        alice.kit.execute('transfer_non_fungible_token_with_allowance_tool', { sourceAccountId: bob.accountId, tokenId, recipients: [{ recipientId: alice.accountId, serialNumber }] });
      const refused = await spend(3);
      expect([refused.raw.status, refused.raw.errorCode]).to.deep.equal(['ERROR', 'SPENDER_DOES_NOT_HAVE_ALLOWANCE']);
      expect((await nfts()).get(3)!.account_id).to.equal(bob.accountId);
      // Control: the serial whose allowance was kept still moves.
      succeeded(await spend(4));
      expect((await nfts()).get(4)!.account_id).to.equal(alice.accountId);
    });

    it('leaves an approval for the whole collection in place, as the tool says', async () => {
      succeeded(await bob.kit.execute('approve_nft_allowance_tool', { spenderAccountId: world.net.operatorId, tokenId, allSerials: true }));
      succeeded(await bob.kit.execute('delete_non_fungible_token_allowance_tool', { tokenId, serialNumbers: [1] }));
      const forAll = (await fetch(`${world.net.mirrorUrl}/api/v1/accounts/${bob.accountId}/allowances/nfts`).then((r) => r.json())) as { allowances: { spender: string; token_id: string; approved_for_all: boolean }[] };
      expect(forAll.allowances.find((a) => a.token_id === tokenId && a.spender === world.net.operatorId)?.approved_for_all).to.equal(true);
      succeeded(await world.kit.execute('transfer_non_fungible_token_with_allowance_tool', { sourceAccountId: bob.accountId, tokenId, recipients: [{ recipientId: alice.accountId, serialNumber: 1 }] }));
      expect((await nfts()).get(1)!.account_id).to.equal(alice.accountId);
    });

    it('moves no value: a policy that allows only calls moving nothing lets it through and stops an approval', async () => {
      const nothingMoves = new ExpressionPolicy({ expression: 'movements.size() == 0', message: 'this agent may not move or allow value' });
      const guarded = await world.kitWith({ hooks: [nothingMoves] });
      expect(succeeded(await world.kit.execute('mint_non_fungible_token_tool', { tokenId, uris: ['ipfs://cat/5'] })).serials).to.deep.equal(['5']);
      // Control: an approval allows the NFT to move, so it is stopped before anything is sent.
      const approval = await guarded.execute('approve_nft_allowance_tool', { spenderAccountId: bob.accountId, tokenId, serialNumbers: [5] });
      expect(approval.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect((await nfts()).get(5)!.spender).to.equal(null);
      succeeded(await guarded.execute('delete_non_fungible_token_allowance_tool', { tokenId, serialNumbers: [5] }));
    });

    it('reports the ledger status when the owner does not hold a listed serial', async () => {
      const result = await bob.kit.execute('delete_non_fungible_token_allowance_tool', { tokenId, serialNumbers: [2, 4] });
      expect([result.raw.status, result.raw.errorCode]).to.deep.equal(['ERROR', 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO']);
      expect(result.raw.transactionId).to.match(/^0\.0\.\d+@/);
      expect(result.humanMessage).to.contain('SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
    });
  });

  describe('when updating the collection', () => {
    it('replaces the supply key with a given public key', async () => {
      const newKey = alice.privateKey.publicKey.toStringDer();
      succeeded(await world.kit.execute('update_token_tool', { tokenId, supplyKey: newKey, tokenSymbol: 'CAT2' }));
      const token = await world.mirror.getToken(tokenId);
      expect(token.supply_key?.key).to.equal(alice.privateKey.publicKey.toStringRaw());
      expect(token.symbol).to.equal('CAT2');
    });
  });
});
