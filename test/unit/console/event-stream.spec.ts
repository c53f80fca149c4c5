import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { EventStreams, MAX_BUFFERED_BYTES } from '../../../src/console/event-stream.js';
import { MemoryOversight, startConsole, type RunningConsole } from '../../../src/console/index.js';
import type { Logger } from '../../../src/lifecycle/logger.js';

/** A logger that keeps its warnings. */
function warningsLogger(): { logger: Logger; warnings: { fields: Record<string, unknown>; message: string }[] } {
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const noop = (): void => undefined;
  return { warnings, logger: { debug: noop, error: noop, warn: (fields, message) => warnings.push({ fields, message }) } };
}

/** A raw HTTP client that reads the response head of an event stream and then (`stall`) stops reading, as a frozen tab does. */
async function stalledReader(port: number, path: string, token?: string, stall = true): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}\r\n`);
  await new Promise<void>((resolve) => {
    let head = '';
    const read = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', read);
      if (stall) socket.pause();
      resolve();
    };
    socket.on('data', read);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  // Reading nothing more: errors on a socket the server tears down are expected.
  socket.on('error', () => undefined);
  return { socket, closed };
}

describe('the console event stream of a page that stops reading', function () {
  this.timeout(30_000);

  describe('EventStreams over a real HTTP server', () => {
    let server: Server;
    let streams: EventStreams;
    let opened: Promise<ServerResponse>;
    let socket: Socket | undefined;
    afterEach(async () => {
      socket?.destroy();
      streams.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('drops the stream once its unread bytes pass the bound, says so in a log line, and never holds more', async () => {
      const { logger, warnings } = warningsLogger();
      streams = new EventStreams(logger);
      opened = new Promise((resolve) => {
        server = createServer((_req, res) => {
          streams.open(res, [{ event: 'overview', data: { calls: [] } }]);
          resolve(res);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const reader = await stalledReader((server.address() as AddressInfo).port, '/api/events');
      socket = reader.socket;
      const res = await opened;
      // 64 KiB events, 40 MiB in all: far more than the kernel's socket buffers take.
      const event = { memo: 'x'.repeat(64 * 1024) };
      let mostHeld = 0;
      let sent = 0;
      while (sent < 640 && streams.size > 0) {
        streams.send('call', event);
        sent++;
        mostHeld = Math.max(mostHeld, res.writableLength);
        await nextTurn();
      }
      expect(streams.size, 'the stalled page was dropped').to.equal(0);
      expect(sent, 'dropped long before 40 MiB were pushed').to.be.below(640);
      // The bound, the small opening frame, and the one frame that found the queue over it.
      expect(mostHeld, 'bytes the server held for the page').to.be.at.most(MAX_BUFFERED_BYTES + 70 * 1024);
      expect(res.destroyed, 'the response is destroyed').to.equal(true);
      // The client, reading again, finds what the kernel held and then the end of the stream.
      reader.socket.resume();
      await reader.closed;
      expect(warnings).to.have.length(1);
      expect(warnings[0]!.message).to.match(/^console: dropped an event stream whose page stopped reading it \(\d+ bytes waiting, over its 10\d{5}-byte bound\)/);
      expect(warnings[0]!.fields['limitBytes']).to.be.within(MAX_BUFFERED_BYTES, MAX_BUFFERED_BYTES + 100);
      expect(warnings[0]!.fields['remote']).to.match(/^127\.0\.0\.1:\d+$/);
    });

    it('keeps a page that reads, however many events are pushed', async () => {
      streams = new EventStreams(warningsLogger().logger);
      opened = new Promise((resolve) => {
        server = createServer((_req, res) => {
          streams.open(res, [{ event: 'overview', data: { calls: [] } }]);
          resolve(res);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      const reader = await stalledReader(port, '/api/events', undefined, false);
      socket = reader.socket;
      let received = 0;
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
      await opened;
      const event = { memo: 'x'.repeat(64 * 1024) };
      for (let at = 1; at <= 100; at++) {
        streams.send('call', event);
        // A reader drains at its own pace, at most ten events (640 KiB) behind here: the bound is about a page that reads nothing.
        if (at % 10 === 0) while (received < at * 64 * 1024) await new Promise((resolve) => setTimeout(resolve, 1));
      }
      expect(streams.size).to.equal(1);
    });
  });

  describe('startConsole', () => {
    let journalDir: string;
    let running: RunningConsole | undefined;
    afterEach(async () => {
      await running?.close();
      rmSync(journalDir, { recursive: true, force: true });
    });

    it('closes the stream of a page that stopped reading while approvals keep changing, and logs it', async () => {
      journalDir = mkdtempSync(join(tmpdir(), 'console-stream-'));
      const oversight = new MemoryOversight();
      const { logger, warnings } = warningsLogger();
      running = await startConsole({ journalDir, port: 0, oversight, logger });
      const reader = await stalledReader(Number(new URL(running.url).port), '/api/events', running.token);
      // Every new request pushes the whole pending list to the page: 400 requests push far more than the bound.
      for (let at = 0; at < 400 && !warnings.length; at++) {
        oversight.request({ tool: 'transfer_hbar_tool', policy: 'Approval Policy', summary: `request ${at} ${'s'.repeat(200)}`, why: 'w'.repeat(200), stage: 'postParamsNormalization', params: { memo: 'm'.repeat(180), at }, movements: [] });
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      reader.socket.resume();
      await reader.closed;
      expect(warnings.map((warning) => warning.message)).to.have.length(1);
      expect(warnings[0]!.message).to.contain('stopped reading');
    });
  });
});
