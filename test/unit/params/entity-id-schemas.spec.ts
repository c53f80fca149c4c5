import { expect } from 'chai';
import { InvalidParamsError } from '../../../src/errors/index.js';
import { accountIdSchema, toAccountId, toTokenId, toTopicId, tokenIdSchema, topicIdSchema } from '../../../src/params/entity-id-schemas.js';

describe('entity ID schemas', () => {
  describe('when the ID is well formed', () => {
    it('accepts shard.realm.num for accounts, tokens and topics', () => {
      expect(accountIdSchema.parse('0.0.1234')).to.equal('0.0.1234');
      expect(tokenIdSchema.parse(' 0.0.5 ')).to.equal('0.0.5');
      expect(topicIdSchema.parse('1.2.3')).to.equal('1.2.3');
    });
  });

  describe('when the ID is malformed', () => {
    for (const value of ['0.0', '0.0.a', 'alice', '0.0.-1', '0.0.01', '0.0.1.2', '', '0.0.1-abcde']) {
      it(`refuses ${JSON.stringify(value)} with an example of the accepted form`, () => {
        const result = accountIdSchema.safeParse(value);
        expect(result.success).to.equal(false);
        expect(result.error!.issues[0].message).to.equal('expected an account ID like 0.0.1234 (shard.realm.num)');
      });
    }

    for (const value of ['0.0.274877906944', '0.0.9223372036854775807', '1024.0.1', '0.65536.1']) {
      it(`refuses the out-of-range ${value}, saying the limits`, () => {
        const result = tokenIdSchema.safeParse(value);
        expect(result.success).to.equal(false);
        expect(result.error!.issues[0].message).to.equal('a token ID is out of range: shard at most 1023, realm at most 65535, number at most 274877906943');
      });
    }

    it('accepts the largest IDs in range', () => {
      expect(accountIdSchema.parse('1023.65535.274877906943')).to.equal('1023.65535.274877906943');
    });

    it('refuses numbers and says an ID string is expected', () => {
      const result = topicIdSchema.safeParse(1234);
      expect(result.error!.issues[0].message).to.contain('expected a topic ID string like 0.0.1234');
    });
  });

  describe('when converting to SDK IDs', () => {
    it('returns SDK objects', () => {
      expect(toAccountId('0.0.7', 'accountId').toString()).to.equal('0.0.7');
      expect(toTokenId('0.0.8', 'tokenId').toString()).to.equal('0.0.8');
      expect(toTopicId('0.0.9', 'topicId').toString()).to.equal('0.0.9');
    });

    it('raises an InvalidParamsError naming the field for anything else', () => {
      expect(() => toAccountId('nope', 'transfers[2].accountId', 'transfer_hbar_tool'))
        .to.throw(InvalidParamsError, 'transfers[2].accountId: "nope" is not an account ID; expected an ID like 0.0.1234');
    });
  });
});
