import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../src/audit/entries/audit-entry.js';
import { packBatches } from '../../../src/audit/delivery/batch-packer.js';
import { MirrorFeed } from '../../../src/console/mirror-feed.js';
import { explorerLinks } from '../../../src/console/explorer-links.js';
import { ScriptedMirror } from '../../support/scripted-mirror.js';

function entry(seq: number, note = ''): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `id-${seq}`, seq, session: '0.0.2', timestamp: new Date(seq * 1000).toISOString(),
    tool: 'transfer_hbar_tool', outcome: 'executed', stage: 'postToolExecution', params: { note }, paramsKind: 'normalised', status: 'SUCCESS',
  };
}

const TOPIC = '0.0.9';
const BASE = `/api/v1/topics/${TOPIC}/messages?limit=100&order=asc`;
const onTopic = (texts: readonly string[], first: number) =>
  texts.map((text, at) => ({ sequence_number: first + at, consensus_timestamp: `1700000000.${String(first + at).padStart(9, '0')}`, message: Buffer.from(text).toString('base64') }));

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 200) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('MirrorFeed', () => {
  let mirror: ScriptedMirror;
  let feed: MirrorFeed | undefined;

  beforeEach(async () => {
    mirror = new ScriptedMirror();
    await mirror.start();
  });
  afterEach(async () => {
    feed?.close();
    await mirror.stop();
  });

  it('reads only what came after the last message it read, and keeps a split entry until its parts are all there', async () => {
    const split = packBatches([entry(2, randomBytes(3000).toString('hex'))], 'stream-a')[0]!.messages;
    expect(split.length).to.be.greaterThan(2);
    const messages = [...packBatches([entry(1)], 'stream-a')[0]!.messages, ...split];
    const firstRead = onTopic(messages.slice(0, 2), 1); // entry 1 and the first part of entry 2
    const secondRead = onTopic(messages.slice(2), 3);
    const last = firstRead[firstRead.length - 1]!.consensus_timestamp;
    mirror.reply(BASE, { status: 200, body: { messages: firstRead, links: { next: null } } });
    mirror.reply(`${BASE}&timestamp=gt:${last}`, { status: 200, body: { messages: [], links: { next: null } } }, { status: 200, body: { messages: secondRead, links: { next: null } } });
    const later = `${BASE}&timestamp=gt:${secondRead[secondRead.length - 1]!.consensus_timestamp}`;
    mirror.reply(later, { status: 200, body: { messages: [], links: { next: null } } });

    feed = new MirrorFeed(mirror.url, TOPIC, explorerLinks(undefined, undefined), 20);
    await until(() => feed!.calls().length === 1 && mirror.requests.length >= 2);
    expect(feed.calls().map((call) => call.id)).to.deep.equal(['id-1']);
    expect(feed.problems(), 'a part waiting for the others is no problem yet').to.deep.equal([]);
    await until(() => feed!.calls().length === 2);
    expect(feed.calls().map((call) => call.id)).to.deep.equal(['id-1', 'id-2']);
    expect(feed.problems()).to.deep.equal([]);
    await until(() => mirror.requests.includes(later));
    // The whole topic was read once, at the start; every later read asked only for what came after.
    expect(mirror.requests.filter((url) => url === BASE)).to.have.length(1);
    expect(mirror.requests.slice(1).every((url) => url.startsWith(`${BASE}&timestamp=gt:1700000000.`))).to.equal(true);
  });

  it('keeps the problems of messages it read, and says when the mirror cannot be read', async () => {
    mirror.reply(BASE, { status: 200, body: { messages: onTopic(['not json'], 1), links: { next: null } } });
    mirror.reply(`${BASE}&timestamp=gt:`, { status: 400, body: { _status: { messages: [{ message: 'bad' }] } } });
    feed = new MirrorFeed(mirror.url, TOPIC, explorerLinks(undefined, undefined), 20);
    await until(() => feed!.problems().length === 2);
    expect(feed.problems()[0]).to.equal('Message #1 is not JSON.');
    expect(feed.problems()[1]).to.match(new RegExp(`^Reading topic ${TOPIC.replace(/\./g, '\\.')} from ${mirror.url.replace(/\./g, '\\.')} failed: `));
  });
});
