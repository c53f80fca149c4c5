import { expect } from 'chai';
import { isIndexedRegistryMemo, parseRegisterMessage, registerMessage } from '../../../../src/audit/codecs/hcs2-codec.js';

describe('HCS-2 helpers', () => {
  describe('when checking a session memo', () => {
    it('accepts only indexed registries with an integer TTL', () => {
      expect(['hcs-2:0:0', 'hcs-2:0:86400'].map(isIndexedRegistryMemo)).to.deep.equal([true, true]);
      expect(['hcs-2:1:0', 'hcs-2:0', 'hcs-2:0:x', ' hcs-2:0:0', ''].map(isIndexedRegistryMemo)).to.deep.equal([false, false, false, false, false]);
    });
  });

  describe('when writing a register message', () => {
    it('writes p, op, t_id and an HRL, and leaves out the memo when none is given', () => {
      const text = registerMessage('0.0.9');
      expect(JSON.parse(text)).to.deep.equal({ p: 'hcs-2', op: 'register', t_id: '0.0.9', metadata: 'hcs://1/0.0.9' });
      expect(parseRegisterMessage(text)).to.deep.equal({ topicId: '0.0.9' });
      expect(() => registerMessage('0.0.9-abcde')).to.throw('shard.realm.num');
      expect(parseRegisterMessage('{"p":"hcs-2","op":"delete","uid":"1"}')).to.equal(undefined);
    });
  });
});
