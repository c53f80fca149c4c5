import { InvalidArgumentError, type Command } from 'commander';
import { startDevnet } from '../../devnet/index.js';
import { operatorFromEnv } from '../../config/operator-from-env.js';
import { ExitCode } from '../exit-codes.js';
import type { RunAction } from '../program.js';

/** `agent-hooks devnet`: an embedded devnet in the foreground, for `network: "local"` configs. */
export function registerDevnetCommand(program: Command, run: RunAction): void {
  program
    .command('devnet')
    .description('run an embedded Hedera devnet (one node, in memory) until interrupted; point a "local" config at it')
    .option('--grpc-port <port>', 'gRPC port on 127.0.0.1 (0 picks a free one)', parsePort, 50211)
    .option('--mirror-port <port>', 'mirror REST port on 127.0.0.1 (0 picks a free one)', parsePort, 5551)
    .addHelpText('after', '\nWith HEDERA_OPERATOR_KEY set, the devnet operator 0.0.2 uses that key; otherwise a throwaway key is generated and printed.')
    .action((options: { grpcPort: number; mirrorPort: number }, command: Command) =>
      run(command, async (ctx) => {
        const fromEnv = ctx.io.env.HEDERA_OPERATOR_KEY ? operatorFromEnv({ ...ctx.io.env, HEDERA_OPERATOR_ID: '0.0.2' }) : undefined;
        if (fromEnv && !fromEnv.operator) throw new Error(fromEnv.problems.join('; '));
        const devnet = await startDevnet({ grpcPort: options.grpcPort, mirrorPort: options.mirrorPort, operatorKey: fromEnv?.operator?.privateKey });
        const config = { network: 'local', local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl } };
        // A generated key is printed because nothing else can use this devnet without it; it guards nothing else.
        const operatorKey = fromEnv ? '(from HEDERA_OPERATOR_KEY)' : devnet.operatorKey.toStringDer();
        ctx.output.document({ grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl, operatorId: devnet.operatorId, operatorKey, config });
        ctx.output.line('embedded devnet running (in memory; state is lost on exit). Ctrl-C to stop.');
        ctx.output.line(`  gRPC         ${devnet.grpcAddress} (node 0.0.3)`);
        ctx.output.line(`  mirror REST  ${devnet.mirrorUrl}/api/v1`);
        ctx.output.line(`  operator     ${devnet.operatorId}`);
        ctx.output.line(`  key          ${operatorKey}${fromEnv ? '' : ' (throwaway devnet key)'}`);
        ctx.output.line();
        ctx.output.line('use it from another shell with this agent-hooks.config.json:');
        ctx.output.line(`  ${JSON.stringify(config)}`);
        ctx.output.line(`and HEDERA_OPERATOR_ID=${devnet.operatorId} HEDERA_OPERATOR_KEY=<the key above>`);
        await new Promise<void>((resolve) => {
          process.once('SIGINT', resolve);
          process.once('SIGTERM', resolve);
        });
        await devnet.stop();
        ctx.output.note('devnet stopped');
        return ExitCode.OK;
      }),
    );
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected a port number 0..65535.');
  return port;
}
