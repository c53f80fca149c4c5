import { expect } from 'chai';
import { BearerTokens, bearerMatches } from '../../../src/secrets/bearer-tokens.js';

describe('BearerTokens', () => {
  const alice = 'alice-token-0123456789abcdef';
  const bob = 'bob-token-0123456789abcdefgh';
  const tokens = new BearerTokens([
    [alice, { name: 'alice' }],
    [bob, { name: 'bob' }],
  ]);

  it('names the holder of the token a Bearer header carries', () => {
    expect(tokens.holderOf(`Bearer ${alice}`)).to.deep.equal({ name: 'alice' });
    expect(tokens.holderOf(`Bearer ${bob} `), 'a trailing space is not part of the token').to.deep.equal({ name: 'bob' });
    expect(tokens.size).to.equal(2);
  });

  it('names nobody for a wrong, partial, longer or missing token, or another scheme', () => {
    for (const header of [`Bearer ${alice.slice(0, -1)}`, `Bearer ${alice}x`, 'Bearer ', '', undefined, `Basic ${alice}`, alice, `bearer ${alice}`]) {
      expect(tokens.holderOf(header), String(header)).to.equal(undefined);
    }
  });

  it('checks one token the same way (bearerMatches)', () => {
    expect(bearerMatches(`Bearer ${alice}`, alice)).to.equal(true);
    expect(bearerMatches(`Bearer ${alice.slice(0, 8)}`, alice)).to.equal(false);
    expect(bearerMatches(undefined, alice)).to.equal(false);
  });
});
