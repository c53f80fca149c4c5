import { expect } from 'chai';
import { fetchTopicInfo, fetchTopicMessages, getJson } from '../../../../src/audit/readers/mirror-reader.js';
import { isAgentHooksError } from '../../../../src/errors/index.js';
import { MirrorErrorCode } from '../../../../src/mirror/mirror-error.js';
import { ScriptedMirror } from '../../../support/scripted-mirror.js';

const message = (seq: number) => ({ consensus_timestamp: `1700000000.00000000${seq}`, message: Buffer.from(`m${seq}`).toString('base64'), sequence_number: seq });

describe('audit mirror reader', () => {
  let mirror: ScriptedMirror;

  beforeEach(async () => {
    mirror = new ScriptedMirror();
    await mirror.start();
  });
  afterEach(() => mirror.stop());

  describe('when the mirror is briefly unavailable', () => {
    it('retries the topic info, as the mirror client does, instead of failing the verification', async () => {
      mirror.reply('/api/v1/topics/0.0.9', { status: 503 }, { status: 200, body: { topic_id: '0.0.9', memo: 'audit', admin_key: null, submit_key: null } });
      expect(await fetchTopicInfo(mirror.url, '0.0.9')).to.include({ topic_id: '0.0.9', memo: 'audit' });
      expect(mirror.requests).to.have.length(2);
    });

    it('retries a page of messages and still reads the topic to its end', async () => {
      mirror.reply('/api/v1/topics/0.0.9/messages?limit=100', { status: 200, body: { messages: [message(1)], links: { next: '/api/v1/topics/0.0.9/messages?limit=100&order=asc&sequencenumber=gt:1' } } });
      mirror.reply('/api/v1/topics/0.0.9/messages?limit=100&order=asc&sequencenumber=gt:1', { status: 429 }, { status: 200, body: { messages: [message(2)], links: { next: null } } });
      const messages = await fetchTopicMessages(mirror.url, '0.0.9');
      expect(messages.map((each) => [each.sequenceNumber, each.text])).to.deep.equal([[1, 'm1'], [2, 'm2']]);
      expect(mirror.requests).to.have.length(3);
    });
  });

  describe('when asked for the messages after a consensus timestamp', () => {
    it('asks the mirror for those only, and refuses what is no timestamp', async () => {
      mirror.reply('/api/v1/topics/0.0.9/messages?limit=100&order=asc&timestamp=gt:1700000000.000000002', { status: 200, body: { messages: [message(3)], links: { next: null } } });
      expect((await fetchTopicMessages(mirror.url, '0.0.9', '1700000000.000000002')).map((each) => each.sequenceNumber)).to.deep.equal([3]);
      expect(mirror.requests).to.deep.equal(['/api/v1/topics/0.0.9/messages?limit=100&order=asc&timestamp=gt:1700000000.000000002']);
      const refused = await fetchTopicMessages(mirror.url, '0.0.9', '1700000000&limit=1').then(() => undefined, (error: unknown) => error);
      expect((refused as Error).message).to.equal('fetchTopicMessages: \'after\' must be a consensus timestamp such as "1700000000.000000001", got "1700000000&limit=1".');
    });
  });

  describe('when the mirror keeps failing', () => {
    it('raises the coded mirror error naming what was read', async () => {
      mirror.reply('/api/v1/schedules/0.0.8', { status: 503 });
      const error = await getJson(mirror.url, '/api/v1/schedules/0.0.8', 'schedule 0.0.8').then(() => undefined, (thrown: unknown) => thrown);
      expect(isAgentHooksError(error) && error.code).to.equal(MirrorErrorCode.UNAVAILABLE);
      expect((error as Error).message).to.equal(`Mirror node at ${mirror.url} answered HTTP 503 for schedule 0.0.8; try again later.`);
    });
  });
});
