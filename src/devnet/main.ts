/* eslint-disable no-console -- CLI entry point: printing is its job. */
import { PrivateKey } from '@hiero-ledger/sdk';
import { startDevnet, type DevnetOptions } from './devnet.js';

const USAGE = 'usage: npm run devnet -- [--grpc-port 50211] [--mirror-port 5551] [--operator-key <DER or hex private key>]';

/** Reads `--name value` flags; anything unknown is an error so typos do not start a devnet on the wrong port. */
function parseArgs(argv: string[]): DevnetOptions {
  const options: DevnetOptions = { grpcPort: 50211, mirrorPort: 5551 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`missing value after ${flag}\n${USAGE}`);
    if (flag === '--grpc-port' || flag === '--mirror-port') {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${flag} must be a port number 0..65535 (got "${value}")\n${USAGE}`);
      options[flag === '--grpc-port' ? 'grpcPort' : 'mirrorPort'] = port;
    } else if (flag === '--operator-key') {
      try {
        options.operatorKey = PrivateKey.fromStringDer(value);
      } catch {
        throw new Error(`--operator-key is not a DER-encoded private key (use the value printed by a previous run)\n${USAGE}`);
      }
    } else {
      throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  return options;
}

// A command-line entry point: its output is the user interface, written straight to the streams.
const print = (line: string): void => void process.stdout.write(`${line}\n`);
const printError = (line: string): void => void process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const net = await startDevnet(parseArgs(process.argv.slice(2)));
  // Handlers go in before the ready line: a supervisor may signal as soon as it reads it.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    print(`received ${signal}, stopping devnet`);
    net.stop().then(() => process.exit(0), (error: unknown) => {
      printError(`devnet did not stop cleanly: ${(error as Error).message}`);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const ready = {
    operatorId: net.operatorId, operatorKey: net.operatorKey.toStringDer(), operatorPublicKey: net.operatorKey.publicKey.toStringDer(),
    grpcAddress: net.grpcAddress, nodeAccountId: '0.0.3', mirrorUrl: net.mirrorUrl,
  };
  print('Hedera devnet running (in memory, one node; data is lost on exit)');
  print(`  operator ID   ${ready.operatorId}`);
  print(`  operator key  ${ready.operatorKey}  (throwaway devnet key)`);
  print(`  gRPC          ${ready.grpcAddress}  (node ${ready.nodeAccountId})`);
  print(`  mirror REST   ${ready.mirrorUrl}/api/v1`);
  print(`DEVNET_READY ${JSON.stringify(ready)}`);
}

main().catch((error: unknown) => {
  printError(`devnet failed to start: ${(error as Error).message}`);
  process.exit(1);
});
