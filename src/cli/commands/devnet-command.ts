import { PrivateKey } from '@hiero-ledger/sdk';
import { InvalidArgumentError, type Command } from 'commander';
import { DEFAULT_EXCHANGE_RATE, startDevnet, type RateEquivalent } from '../../devnet/index.js';
import { operatorFromEnv } from '../../config/operator-from-env.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';
import type { RunAction } from '../run-action.js';

/**
 * `agent-hooks devnet` (also what `npm run devnet` runs): an embedded devnet in the foreground, for
 * `network: "local"` configs and for scripts, which wait for its `DEVNET_READY {json}` line.
 */
export function registerDevnetCommand(program: Command, run: RunAction): void {
  program
    .command('devnet')
    .description('run an embedded Hedera devnet (one node, in memory) until interrupted; point a "local" config at it')
    .option('--grpc-port <port>', 'gRPC port on 127.0.0.1 (0 picks a free one)', parsePort, 50211)
    .option('--mirror-port <port>', 'mirror REST port on 127.0.0.1 (0 picks a free one)', parsePort, 5551)
    // 5600 is where the SDK looks for a local node's mirror (Client.forLocalNode).
    .option('--mirror-grpc-port <port>', 'mirror gRPC port on 127.0.0.1, for TopicMessageQuery.subscribe (0 picks a free one)', parsePort, 5600)
    // Parsed in the action, not by commander, whose error would repeat the (secret) value.
    .option('--exchange-rate <hbar:cents>', 'the exchange rate at start, as the network writes it: HBAR:US cents, e.g. 1:12 for 12 ¢ per HBAR (default 30000:300000, 10 ¢)', parseExchangeRate)
    .option('--operator-key <der>', "the devnet operator 0.0.2's private key, DER-encoded hex (default: HEDERA_OPERATOR_KEY, else a throwaway key)")
    .addHelpText(
      'after',
      '\nWithout --operator-key or HEDERA_OPERATOR_KEY, a throwaway key is generated and printed. Once it serves, one line\n' +
        'DEVNET_READY {"operatorId", "operatorKey", "operatorPublicKey", "grpcAddress", "nodeAccountId", "mirrorUrl", "mirrorGrpcAddress"} is printed for scripts.',
    )
    .action((options: { grpcPort: number; mirrorPort: number; mirrorGrpcPort: number; exchangeRate?: RateEquivalent; operatorKey?: string }, command: Command) =>
      run(command, async (ctx) => {
        const keyOption = options.operatorKey === undefined ? undefined : parseOperatorKey(options.operatorKey);
        const fromEnv = !keyOption && ctx.io.env.HEDERA_OPERATOR_KEY ? operatorFromEnv({ ...ctx.io.env, HEDERA_OPERATOR_ID: '0.0.2' }) : undefined;
        if (fromEnv && !fromEnv.operator) throw new Error(fromEnv.problems.join('; '));
        const given = keyOption ?? fromEnv?.operator?.privateKey;
        const devnet = await startDevnet({
          grpcPort: options.grpcPort, mirrorPort: options.mirrorPort, mirrorGrpcPort: options.mirrorGrpcPort, operatorKey: given,
          ...(options.exchangeRate ? { exchangeRate: options.exchangeRate } : {}),
        });
        const rate = options.exchangeRate ?? DEFAULT_EXCHANGE_RATE;
        const config = { network: 'local', local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl } };
        // A generated key is printed because nothing else can use this devnet without it; it guards
        // nothing else. A key the user gave is theirs and is not echoed.
        const operatorKey = keyOption ? '(from --operator-key)' : fromEnv ? '(from HEDERA_OPERATOR_KEY)' : devnet.operatorKey.toStringDer();
        ctx.output.document({ grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl, mirrorGrpcAddress: devnet.mirrorGrpcAddress, operatorId: devnet.operatorId, operatorKey, config });
        ctx.output.line('embedded devnet running (in memory; state is lost on exit). Ctrl-C to stop.');
        ctx.output.line(`  gRPC         ${devnet.grpcAddress} (node 0.0.3)`);
        ctx.output.line(`  mirror REST  ${devnet.mirrorUrl}/api/v1`);
        ctx.output.line(`  mirror gRPC  ${devnet.mirrorGrpcAddress} (TopicMessageQuery.subscribe: client.setMirrorNetwork(['${devnet.mirrorGrpcAddress}']))`);
        ctx.output.line(`  rate         ${rate.hbarEquiv} HBAR = ${rate.centEquiv} US cents (${centsPerHbar(rate)} ¢ per HBAR; mirror /api/v1/network/exchangerate)`);
        ctx.output.line(`  operator     ${devnet.operatorId}`);
        ctx.output.line(`  key          ${operatorKey}${given ? '' : ' (throwaway devnet key)'}`);
        ctx.output.line();
        ctx.output.line('use it from another shell with this agent-hooks.config.json:');
        ctx.output.line(`  ${JSON.stringify(config)}`);
        ctx.output.line(`and HEDERA_OPERATOR_ID=${devnet.operatorId} HEDERA_OPERATOR_KEY=<the key above>`);
        const ready = {
          operatorId: devnet.operatorId,
          operatorKey,
          operatorPublicKey: devnet.operatorKey.publicKey.toStringDer(),
          grpcAddress: devnet.grpcAddress,
          nodeAccountId: '0.0.3',
          mirrorUrl: devnet.mirrorUrl,
          mirrorGrpcAddress: devnet.mirrorGrpcAddress,
        };
        // The handlers go in first: a supervisor may signal as soon as it reads the ready line.
        const signal = new Promise<string>((resolve) => {
          process.once('SIGINT', () => resolve('SIGINT'));
          process.once('SIGTERM', () => resolve('SIGTERM'));
        });
        ctx.output.line(`DEVNET_READY ${JSON.stringify(ready)}`);
        ctx.output.note(`received ${await signal}, stopping devnet`);
        await devnet.stop();
        ctx.output.note('devnet stopped');
        return ExitCode.OK;
      }),
    );
}

function parseOperatorKey(value: string): PrivateKey {
  try {
    return PrivateKey.fromStringDer(value);
  } catch {
    // The value is a secret: the message does not repeat it.
    throw new UsageError('--operator-key: expected a DER-encoded private key in hex (as a previous run printed it); the value given is not one (not shown).');
  }
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected a port number 0..65535.');
  return port;
}

const MAX_EQUIV = 2_147_483_647;

/** `H:C`: H HBAR are worth C US cents, the two integers of the network's ExchangeRate (int32 each). */
function parseExchangeRate(value: string): RateEquivalent {
  const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(value);
  const [hbarEquiv, centEquiv] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(hbarEquiv >= 1 && hbarEquiv <= MAX_EQUIV && centEquiv >= 1 && centEquiv <= MAX_EQUIV)) {
    throw new InvalidArgumentError('expected HBAR:US cents, two positive integers up to 2147483647, e.g. 1:12 for 12 cents per HBAR or 30000:300000 for 10 cents.');
  }
  return { hbarEquiv, centEquiv };
}

function centsPerHbar(rate: RateEquivalent): string {
  return String(Math.round((rate.centEquiv / rate.hbarEquiv) * 1e6) / 1e6);
}
