import { expect } from 'chai';
import { McpClientTokens } from '../../../../src/adapters/mcp/mcp-client-tokens.js';

const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-9876543210ab';

describe('McpClientTokens', () => {
  describe('when the map is well formed', () => {
    const tokens = McpClientTokens.from({ alice: ALICE, bob: { token: BOB, tenantId: 'acme', context: { plan: 'gold' } } }, 'options.tokens');

    it("names the token's user, with the tenant and context the entry gives", () => {
      expect(tokens.holderOf(`Bearer ${ALICE}`)).to.deep.equal({ userId: 'alice', context: { userId: 'alice' } });
      expect(tokens.holderOf(`Bearer ${BOB}`)).to.deep.equal({ userId: 'bob', context: { plan: 'gold', userId: 'bob', tenantId: 'acme' } });
    });

    it('names nobody for a missing header, another scheme, a prefix, an extension or a near miss of a token', () => {
      for (const header of [undefined, '', ALICE, `Basic ${ALICE}`, `Bearer ${ALICE.slice(0, -1)}`, `Bearer ${ALICE}x`, `Bearer ${ALICE.toUpperCase()}`, 'Bearer ']) {
        expect(tokens.holderOf(header), String(header)).to.equal(undefined);
      }
    });

    it('freezes what a call of the user carries', () => {
      expect(Object.isFrozen(tokens.holderOf(`Bearer ${BOB}`)!.context)).to.equal(true);
    });
  });

  describe('when the map is not well formed', () => {
    const refusals: [string, unknown, RegExp][] = [
      ['not an object', ['alice'], /options\.tokens must be an object naming each user's token/],
      ['empty', {}, /names no user/],
      ['a short token', { alice: 'short' }, /options\.tokens\.alice must be a token of at least 16 characters without spaces; got 5 characters/],
      ['a token with a space', { alice: 'has a space in it 123' }, /options\.tokens\.alice must be a token/],
      ['a user ID with a space', { 'al ice': ALICE }, /"al ice" is not a user ID/],
      ['a prototype key', JSON.parse(`{"__proto__": "${ALICE}"}`), /"__proto__" is not a user ID/],
      ['an unknown key', { alice: { token: ALICE, role: 'admin' } }, /options\.tokens\.alice: unknown key\(s\) "role"/],
      ['a context that names a user', { alice: { token: ALICE, context: { userId: 'bob' } } }, /options\.tokens\.alice\.context sets userId/],
      ['a context that names a session', { alice: { token: ALICE, context: { sessionId: 's' } } }, /sets sessionId/],
      ['a tenant that is no string', { alice: { token: ALICE, tenantId: 7 } }, /options\.tokens\.alice\.tenantId must be a string/],
    ];
    for (const [what, map, message] of refusals) {
      it(`refuses ${what}, saying where and what is accepted`, () => {
        expect(() => McpClientTokens.from(map, 'options.tokens')).to.throw(message);
      });
    }

    it('refuses one token for two users, naming them and not the token', () => {
      let message = '';
      try {
        McpClientTokens.from({ alice: ALICE, bob: { token: ALICE } }, 'options.tokens');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.contain('alice and bob have the same token');
      expect(message).to.not.contain(ALICE);
    });
  });
});
