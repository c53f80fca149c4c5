import { expect } from 'chai';
import { z } from 'zod';
import { InvalidParamsError } from '../../../src/errors/index.js';
import { formatPath, parseParams } from '../../../src/lifecycle/parse-params.js';
import { realKitTool } from '../../support/real-kit.js';

function issuesOf(attempt: () => unknown): readonly string[] {
  try {
    attempt();
  } catch (error) {
    expect(error).to.be.instanceOf(InvalidParamsError);
    return (error as InvalidParamsError).issues;
  }
  expect.fail('the input was accepted');
}

describe('parseParams', () => {
  describe('when the schema is zod 4', () => {
    it('returns the parsed input, and names each bad field by its path', () => {
      const schema = z.object({ transfers: z.array(z.object({ amount: z.number().positive() })) });
      expect(parseParams('t', schema, { transfers: [{ amount: 1 }] })).to.deep.equal({ transfers: [{ amount: 1 }] });
      const issues = issuesOf(() => parseParams('t', schema, { transfers: [{ amount: 1 }, { amount: -1 }] }));
      expect(issues).to.have.length(1);
      expect(issues[0]).to.match(/^transfers\[1\]\.amount: /);
    });
  });

  describe('when the schema is zod 3, as the Hedera Agent Kit writes its tools', () => {
    const schema = realKitTool('transfer_hbar_tool').parameters;

    it('returns the parsed input', () => {
      const input = { transfers: [{ accountId: '0.0.5', amount: 1 }] };
      expect(parseParams('transfer_hbar_tool', schema, input)).to.deep.include(input);
    });

    it('names each bad field by its path, as it does for zod 4', () => {
      const issues = issuesOf(() => parseParams('transfer_hbar_tool', schema, { transfers: [{ accountId: '0.0.5', amount: 1 }, { accountId: 7, amount: 'two' }] }));
      expect(issues).to.deep.equal(['transfers[1].accountId: Expected string, received number', 'transfers[1].amount: Expected number, received string']);
    });

    it('names the missing field', () => {
      expect(issuesOf(() => parseParams('transfer_hbar_tool', schema, {}))).to.deep.equal(['transfers: Required']);
    });
  });

  describe('when formatting a path', () => {
    it('calls the root "parameters" and writes indexes in brackets', () => {
      expect(formatPath([])).to.equal('parameters');
      expect(formatPath(['a', 0, 'b'])).to.equal('a[0].b');
    });
  });
});
