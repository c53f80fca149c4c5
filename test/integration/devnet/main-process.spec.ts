import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect } from 'chai';
import { AccountBalanceQuery, Hbar, PrivateKey, Status, TopicCreateTransaction, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { createDevnetClient } from '../../../src/devnet/index.js';

interface Ready { operatorId: string; operatorKey: string; grpcAddress: string; mirrorUrl: string }

/** Starts dist/src/devnet/main.js (compiled next to this spec) and waits for its DEVNET_READY line. */
function startProcess(args: string[]): Promise<{ child: ChildProcess; ready: Ready; output: () => string }> {
  const mainJs = path.resolve(__dirname, '../../../src/devnet/main.js');
  const child = spawn(process.execPath, [mainJs, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^DEVNET_READY (.*)$/m.exec(output);
      if (line) resolve({ child, ready: JSON.parse(line[1]) as Ready, output: () => output });
    });
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('exit', (code) => reject(new Error(`devnet exited early with code ${code}: ${output}`)));
  });
}

describe('devnet as a separate process (npm run devnet)', () => {
  let child: ChildProcess | undefined;
  let client: Client | undefined;

  afterEach(() => {
    client?.close();
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  describe('when started with free ports', () => {
    it('prints its addresses and serves transactions and mirror reads to this process', async () => {
      const started = await startProcess(['--grpc-port', '0', '--mirror-port', '0']);
      child = started.child;
      expect(started.output()).to.contain('operator ID   0.0.2');
      client = createDevnetClient(started.ready.grpcAddress, started.ready.operatorId, PrivateKey.fromStringDer(started.ready.operatorKey));
      const topic = await (await new TopicCreateTransaction().execute(client)).getReceipt(client);
      expect(topic.status).to.equal(Status.Success);
      await (await new TransferTransaction().addHbarTransfer('0.0.2', new Hbar(-1)).addHbarTransfer('0.0.98', new Hbar(1)).execute(client)).getReceipt(client);
      const balance = await new AccountBalanceQuery().setAccountId('0.0.98').execute(client);
      expect(balance.hbars.toTinybars().toNumber()).to.be.greaterThan(1e8);
      const response = await fetch(`${started.ready.mirrorUrl}/api/v1/topics/${topic.topicId!.toString()}`);
      expect(response.status).to.equal(200);
    });

    it('stops cleanly on SIGTERM and SIGINT', async () => {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        const started = await startProcess(['--grpc-port', '0', '--mirror-port', '0']);
        child = started.child;
        child.kill(signal);
        const [code] = await once(child, 'exit');
        expect(code).to.equal(0);
        expect(started.output()).to.contain(`received ${signal}, stopping devnet`);
      }
    });
  });

  describe('when given a bad option', () => {
    it('exits with a message naming the option', async () => {
      const mainJs = path.resolve(__dirname, '../../../src/devnet/main.js');
      const bad = spawn(process.execPath, [mainJs, '--grpc-port', 'x'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      bad.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      const [code] = await once(bad, 'exit');
      expect(code).to.equal(1);
      expect(stderr).to.contain('--grpc-port must be a port number 0..65535 (got "x")');
    });
  });
});
