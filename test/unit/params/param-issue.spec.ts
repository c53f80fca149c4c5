import { expect } from 'chai';
import { InvalidParamsError } from '../../../src/errors/index.js';
import { forTool, paramIssue } from '../../../src/params/param-issue.js';
import { strictInput } from '../../../src/params/strict-input.js';
import { memoSchema } from '../../../src/params/memo-schema.js';
import { accountIdSchema } from '../../../src/params/entity-id-schemas.js';

describe('parameter issues', () => {
  describe('when a helper raises an issue without knowing the tool', () => {
    it('is re-labelled with the tool by forTool', async () => {
      let caught: unknown;
      try {
        await forTool('my_tool', () => {
          throw paramIssue('amount', 'must be greater than 0');
        });
      } catch (error) {
        caught = error;
      }
      expect(caught).to.be.instanceOf(InvalidParamsError);
      expect((caught as InvalidParamsError).tool).to.equal('my_tool');
      expect((caught as InvalidParamsError).issues).to.deep.equal(['amount: must be greater than 0']);
    });

    it('passes other errors and results through unchanged', async () => {
      expect(await forTool('my_tool', async () => 42)).to.equal(42);
      const boom = new Error('boom');
      let caught: unknown;
      await forTool('my_tool', () => { throw boom; }).catch((error) => { caught = error; });
      expect(caught).to.equal(boom);
    });
  });

  describe('when an input object has unknown keys', () => {
    it('names them and lists the accepted keys, with hints for known mix-ups', () => {
      const schema = strictInput({ accountId: accountIdSchema }, { amount: 'this tool moves nothing' });
      const result = schema.safeParse({ accountId: '0.0.5', acount: 1, amount: 2 });
      const message = result.error!.issues.map((issue) => issue.message).join(' | ');
      expect(message).to.contain('"amount": this tool moves nothing');
      expect(message).to.contain('unknown key "acount"; accepted keys are accountId');
    });

    it('says an object is expected for non-objects', () => {
      expect(strictInput({}).safeParse('x').error!.issues[0].message).to.equal('expected an object of named parameters');
    });
  });

  describe('when a memo is too long or has NUL', () => {
    it('refuses it with the byte limit', () => {
      const memo = memoSchema('m');
      expect(memo.safeParse('é'.repeat(51)).error!.issues[0].message).to.equal('must be at most 100 bytes of UTF-8');
      expect(memo.safeParse('a\0b').error!.issues[0].message).to.contain('NUL');
      expect(memo.safeParse('x'.repeat(100)).success).to.equal(true);
    });
  });
});
