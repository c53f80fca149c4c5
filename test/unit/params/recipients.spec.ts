import { expect } from 'chai';
import { z } from 'zod';
import { InvalidParamsError } from '../../../src/errors/index.js';
import { MAX_TRANSFER_RECIPIENTS, recipientsSchema, refuseSenderAmongRecipients, tokenRecipientSchema } from '../../../src/params/recipients.js';

describe('recipient lists', () => {
  describe('when the list is empty or too long', () => {
    it('refuses an empty list', () => {
      const result = recipientsSchema(3).safeParse([]);
      expect(result.error!.issues[0].message).to.equal('must list at least one recipient');
    });

    it('refuses more than max entries, saying the limit', () => {
      const entry = { accountId: '0.0.5', amount: 1 };
      const result = recipientsSchema(2).safeParse([entry, entry, entry]);
      expect(result.error!.issues[0].message).to.equal('lists too many recipients: at most 2 per call');
    });

    it('refuses a bad max when the schema is built', () => {
      expect(() => recipientsSchema(0)).to.throw(RangeError);
    });
  });

  describe('when entries are checked', () => {
    it('reports the path of a bad entry and refuses unknown keys', () => {
      const result = z.object({ transfers: recipientsSchema(MAX_TRANSFER_RECIPIENTS) }).safeParse({
        transfers: [{ accountId: '0.0.5', amount: 1 }, { accountId: 'x', amount: 1, memo: 'hi' }],
      });
      const paths = result.error!.issues.map((issue) => issue.path.join('.'));
      expect(paths).to.include('transfers.1.accountId');
      expect(result.error!.issues.some((issue) => issue.message.includes('memo'))).to.equal(true);
    });

    it('accepts a custom item schema', () => {
      expect(recipientsSchema(2, tokenRecipientSchema, 'recipient').safeParse([{ accountId: '0.0.5', amount: 0.5 }]).success).to.equal(true);
    });
  });

  describe('when the sender is among the recipients', () => {
    it('names the entry that repeats the sender', () => {
      const recipients = [{ accountId: '0.0.7' }, { accountId: '0.0.2' }];
      expect(() => refuseSenderAmongRecipients('0.0.2', recipients, 'transfers', 'transfer_hbar_tool'))
        .to.throw(InvalidParamsError, 'transfers[1].accountId: 0.0.2 is the sending account; it cannot also be a recipient');
    });

    it('lets distinct recipients through', () => {
      expect(() => refuseSenderAmongRecipients('0.0.2', [{ accountId: '0.0.3' }], 'transfers')).not.to.throw();
    });
  });
});
