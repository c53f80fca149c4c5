import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect } from 'chai';
import { AccountBalanceQuery, Hbar, PrivateKey, Status, TopicCreateTransaction, TopicMessageQuery, TopicMessageSubmitTransaction, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { subscribe } from '../../support/topic-subscription.js';
import { createDevnetClient } from '../../../src/devnet/index.js';

interface Ready { operatorId: string; operatorKey: string; operatorPublicKey: string; grpcAddress: string; mirrorUrl: string; mirrorGrpcAddress: string }

/** The CLI entry point compiled next to this spec: `npm run devnet` runs `agent-hooks devnet`. */
const CLI = path.resolve(__dirname, '../../../src/cli/main.js');

/** Starts `agent-hooks devnet` and waits for its DEVNET_READY line. */
function startProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; ready: Ready; output: () => string }> {
  const child = spawn(process.execPath, [CLI, 'devnet', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH, ...env } });
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

describe('devnet as a separate process (agent-hooks devnet, which npm run devnet runs)', () => {
  let child: ChildProcess | undefined;
  let client: Client | undefined;

  afterEach(() => {
    client?.close();
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  describe('when started with free ports', () => {
    it('prints its addresses and serves transactions and mirror reads to this process', async () => {
      const started = await startProcess(['--grpc-port', '0', '--mirror-port', '0', '--mirror-grpc-port', '0']);
      child = started.child;
      expect(started.ready.operatorId).to.equal('0.0.2');
      expect(started.output()).to.contain('operator     0.0.2');
      client = createDevnetClient(started.ready.grpcAddress, started.ready.operatorId, PrivateKey.fromStringDer(started.ready.operatorKey));
      const topic = await (await new TopicCreateTransaction().execute(client)).getReceipt(client);
      expect(topic.status).to.equal(Status.Success);
      await (await new TransferTransaction().addHbarTransfer('0.0.2', new Hbar(-1)).addHbarTransfer('0.0.98', new Hbar(1)).execute(client)).getReceipt(client);
      const balance = await new AccountBalanceQuery().setAccountId('0.0.98').execute(client);
      expect(balance.hbars.toTinybars().toNumber()).to.be.greaterThan(1e8);
      const response = await fetch(`${started.ready.mirrorUrl}/api/v1/topics/${topic.topicId!.toString()}`);
      expect(response.status).to.equal(200);
    });

    it("streams a topic's messages over its mirror gRPC to the SDK's TopicMessageQuery in this process", async () => {
      const started = await startProcess(['--grpc-port', '0', '--mirror-port', '0', '--mirror-grpc-port', '0']);
      child = started.child;
      expect(started.output()).to.contain(`mirror gRPC  ${started.ready.mirrorGrpcAddress}`);
      client = createDevnetClient(started.ready.grpcAddress, started.ready.operatorId, PrivateKey.fromStringDer(started.ready.operatorKey), started.ready.mirrorGrpcAddress);
      const topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!;
      await (await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage('before').execute(client)).getReceipt(client);
      const subscription = subscribe(new TopicMessageQuery().setTopicId(topicId).setStartTime(0), client);
      await (await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage('after').execute(client)).getReceipt(client);
      await subscription.received(2);
      subscription.handle.unsubscribe();
      expect(subscription.texts()).to.deep.equal(['before', 'after']);
    });

    it('stops cleanly on SIGTERM and SIGINT', async () => {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        const started = await startProcess(['--grpc-port', '0', '--mirror-port', '0', '--mirror-grpc-port', '0']);
        child = started.child;
        child.kill(signal);
        const [code] = await once(child, 'exit');
        expect(code).to.equal(0);
        expect(started.output()).to.contain(`received ${signal}, stopping devnet`);
      }
    });
  });

  describe('when given the operator key', () => {
    it('runs with that key, from --operator-key or HEDERA_OPERATOR_KEY, and does not echo it', async () => {
      const key = PrivateKey.generateED25519();
      for (const [args, env] of [
        [['--operator-key', key.toStringDer()], {}],
        [[], { HEDERA_OPERATOR_KEY: key.toStringDer() }],
      ] as const) {
        const started = await startProcess(['--grpc-port', '0', '--mirror-port', '0', '--mirror-grpc-port', '0', ...args], env);
        child = started.child;
        expect(started.output()).not.to.contain(key.toStringDer());
        expect(started.ready.operatorPublicKey).to.equal(key.publicKey.toStringDer());
        client = createDevnetClient(started.ready.grpcAddress, '0.0.2', key);
        const receipt = await (await new TopicCreateTransaction().execute(client)).getReceipt(client);
        expect(receipt.status).to.equal(Status.Success);
        client.close();
        client = undefined;
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    });
  });

  describe('when given --exchange-rate', () => {
    it('starts at that rate, which its mirror publishes and it prints', async () => {
      const started = await startProcess(['--grpc-port', '0', '--mirror-port', '0', '--mirror-grpc-port', '0', '--exchange-rate', '1:12']);
      child = started.child;
      expect(started.output()).to.contain('rate         1 HBAR = 12 US cents (12 ¢ per HBAR');
      const rates = (await (await fetch(`${started.ready.mirrorUrl}/api/v1/network/exchangerate`)).json()) as { current_rate: { hbar_equivalent: number; cent_equivalent: number } };
      expect(rates.current_rate).to.include({ hbar_equivalent: 1, cent_equivalent: 12 });
    });
  });

  describe('when given a bad option', () => {
    for (const [args, expected] of [
      [['--grpc-port', 'x'], "option '--grpc-port <port>' argument 'x' is invalid. expected a port number 0..65535."],
      [['--operator-key', 'not-a-key'], 'expected a DER-encoded private key in hex'],
    ] as const) {
      it(`exits 2 with a message naming the option (${args.join(' ')})`, async () => {
        const bad = spawn(process.execPath, [CLI, 'devnet', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        bad.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
        const [code] = await once(bad, 'exit');
        expect(code).to.equal(2);
        expect(stderr).to.contain(expected);
        expect(stderr).not.to.contain('not-a-key');
      });
    }
  });
});
