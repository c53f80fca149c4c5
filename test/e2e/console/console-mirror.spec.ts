import { expect } from 'chai';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { startConsole, type RunningConsole } from '../../../src/console/index.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { closeAuditWorld, openAuditWorld, type AuditWorld } from '../../support/audit-world.js';

/** The devnet's mirror behind a proxy that records every request the console makes of it. */
async function recordingProxy(target: string): Promise<{ url: string; requests: string[]; server: Server }> {
  const requests: string[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const forward = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

interface Listed {
  source: unknown;
  calls: { id: string; source: string; delivered: boolean; memo?: string; transactionLink?: string }[];
  problems: string[];
}

/** The console in mirror mode (no journals): an audited kit's calls on the devnet, read from the topic through the mirror. */
describe('the operator console reading an audit topic through the devnet mirror', function () {
  this.timeout(60_000);
  let world: AuditWorld;
  let kit: AgentKit;
  let running: RunningConsole;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;

  beforeEach(async () => {
    world = await openAuditWorld('console-mirror-e2e-');
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], world.topicId, undefined, { journalDir: world.journalDir });
    kit = await createAgentKit({ client: world.client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
    proxy = await recordingProxy(world.net.mirrorUrl);
  });
  afterEach(async () => {
    await running?.close();
    await kit?.close();
    await new Promise((resolve) => proxy?.server.close(resolve));
    await closeAuditWorld(world);
  });

  const calls = async (): Promise<Listed> => (await fetch(`${running.url}api/calls`, { headers: { authorization: `Bearer ${running.token}` } })).json() as Promise<Listed>;
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let tries = 0; ; tries++) {
      const value = await read();
      if (done(value)) return value;
      if (tries > 300) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('lists the calls on the topic, pushes a new one over the event stream, and reads only new messages each time', async () => {
    for (const memo of ['one', 'two']) expect((await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 5, memo })).raw.status).to.equal('SUCCESS');
    expect((await kit.audit.flush(10_000))[0]!.undelivered).to.equal(0);

    running = await startConsole({ mirrorUrl: proxy.url, topicId: world.topicId, network: 'devnet', port: 0, pollMs: 50 });
    const listed = await until(calls, (list) => list.calls.length === 2);
    expect(listed.source).to.deep.equal({ mirrorUrl: proxy.url, topicId: world.topicId });
    expect(listed.problems).to.deep.equal([]);
    expect(listed.calls.map((call) => [call.memo, call.source, call.delivered])).to.deep.equal([['one', 'topic', true], ['two', 'topic', true]]);
    expect(listed.calls[0]!.transactionLink).to.match(new RegExp(`^${proxy.url}/api/v1/transactions/0\\.0\\.2-\\d+-\\d+$`));

    // A page following the console over SSE sees the next call once it is on the topic.
    const stream = await fetch(`${running.url}api/events`, { headers: { authorization: `Bearer ${running.token}`, accept: 'text/event-stream' } });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const third = (async () => {
      while (!/event: call\ndata: [^\n]*"memo":"three"/.test(received)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the stream ended: ${received}`);
        received += decoder.decode(chunk.value, { stream: true });
      }
    })();
    expect((await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 5, memo: 'three' })).raw.status).to.equal('SUCCESS');
    expect((await kit.audit.flush(10_000))[0]!.undelivered).to.equal(0);
    await third;
    await reader.cancel();
    expect((await calls()).calls.map((call) => call.memo)).to.deep.equal(['one', 'two', 'three']);

    // Read incrementally: the topic from its start once, then only after the last message read.
    const topicReads = proxy.requests.filter((url) => url.startsWith(`/api/v1/topics/${world.topicId}/messages?`));
    // The third call was found by a later read: there was at least one after the first.
    expect(topicReads.length).to.be.at.least(2);
    expect(topicReads.filter((url) => !url.includes('timestamp=gt:'))).to.have.length(1);
    const page = (await (await fetch(`${world.net.mirrorUrl}/api/v1/topics/${world.topicId}/messages?order=desc&limit=1`)).json()) as { messages: { consensus_timestamp: string }[] };
    await until(async () => proxy.requests[proxy.requests.length - 1]!, (url) => url.endsWith(`timestamp=gt:${page.messages[0]!.consensus_timestamp}`));
  });
});
