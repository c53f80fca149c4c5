import { expect } from 'chai';
import { compileRoute, matchRoute } from '../../../src/devnet/mirror/mirror-router.js';
import {
  base32, formatId, localNum, parseAlias, parseEntityId, parseEntityOrLongZero, parseLong, parsePublicKey, parseTimestamp,
} from '../../../src/devnet/mirror/mirror-values.js';

describe('mirror values and routing', () => {
  describe('when parsing entity IDs', () => {
    it('reads num, realm.num and shard.realm.num and orders them by shard, realm, num', () => {
      expect(parseEntityId('5')).to.equal(5n);
      expect(parseEntityId('0.5')).to.equal(5n);
      expect(localNum(parseEntityId('0.0.1001')!)).to.equal(1001);
      const other = parseEntityId('1.2.3')!;
      expect(formatId(other)).to.equal('1.2.3');
      expect(localNum(other)).to.equal(undefined);
      expect(other > parseEntityId('0.0.9999999999')!).to.equal(true);
      for (const bad of ['', '0.0.0.1', 'a', '0.0.-1', '12345678901', '1024.0.1']) expect(parseEntityId(bad), bad).to.equal(undefined);
    });

    it('accepts a long-zero EVM address where the mirror takes a token "num alias"', () => {
      expect(parseEntityOrLongZero('0x00000000000000000000000000000000000003e9')).to.equal(1001n);
      expect(parseEntityOrLongZero('00000000000000000000000000000000000003e9')).to.equal(1001n);
    });
  });

  describe('when parsing other values', () => {
    it('reads timestamps, longs, public keys and aliases', () => {
      expect(parseTimestamp('1700000000')).to.equal(1_700_000_000_000_000_000n);
      expect(parseTimestamp('1700000000.5')).to.equal(1_700_000_000_500_000_000n);
      expect(parseTimestamp('17000000000')).to.equal(undefined);
      expect(parseTimestamp('1.1234567890')).to.equal(undefined);
      expect(parseLong('9223372036854775807')).to.equal(9_223_372_036_854_775_807n);
      expect(parseLong('9223372036854775808')).to.equal(undefined);
      expect(parseLong('0', false)).to.equal(undefined);
      const raw = 'ab'.repeat(32);
      expect(parsePublicKey(`0x${raw.toUpperCase()}`)).to.equal(raw);
      expect(parsePublicKey(`302a300506032b6570032100${raw}`)).to.equal(raw);
      expect(parsePublicKey('abcd')).to.equal(undefined);
      expect(parseAlias('0.0.MZXW6YTBOI')).to.equal('MZXW6YTBOI');
      expect(parseAlias('mzxw6')).to.equal(undefined);
    });

    it('encodes base32 as RFC 4648 does, without padding', () => {
      const vectors: Array<[string, string]> = [['', ''], ['f', 'MY'], ['fo', 'MZXQ'], ['foo', 'MZXW6'], ['foob', 'MZXW6YQ'], ['fooba', 'MZXW6YTB'], ['foobar', 'MZXW6YTBOI']];
      for (const [text, encoded] of vectors) expect(base32(Buffer.from(text))).to.equal(encoded);
      expect(base32(new Uint8Array(40).fill(255))).to.equal('7'.repeat(64));
    });
  });

  describe('when matching routes', () => {
    const handle = () => ({ status: 200, body: null });
    const routes = ['/topics/{topicId}/messages', '/topics/messages/{timestamp}', '/topics/{topicId}/messages/{sequenceNumber}'].map((path) => compileRoute({ path, query: [], handle }));

    it('prefers literal segments and decodes parameters', () => {
      expect(matchRoute(routes, '/topics/messages/1700000000.1')?.route.path).to.equal('/topics/messages/{timestamp}');
      expect(matchRoute(routes, '/topics/0.0.5/messages/2')?.params).to.deep.equal({ topicId: '0.0.5', sequenceNumber: '2' });
      expect(matchRoute(routes, '/topics/0.0.5%2E/messages')?.params).to.deep.equal({ topicId: '0.0.5.' });
      expect(matchRoute(routes, '/topics//messages')).to.equal(undefined);
      expect(matchRoute(routes, '/topics/0.0.5')).to.equal(undefined);
    });
  });
});
