import type { Command } from 'commander';
import { messageOf } from '../../errors/index.js';
import type { RunAction } from '../run-action.js';
import { withError } from '../cli-error.js';
import { exitCodeFor, ExitCode } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';
import { configuredStateFile } from '../../config/default-policy-store.js';
import { memoryOnlyStateHolders, memoryStateWarning } from '../memory-state-warning.js';

/** `agent-hooks call <tool> '<json>'`: one call through the full lifecycle. */
export function registerCallCommand(program: Command, run: RunAction): void {
  program
    .command('call')
    .description('run one tool call through the full lifecycle (hooks, policies, submission) and print the result')
    .argument('<tool>', 'tool name, e.g. transfer_hbar_tool (see: agent-hooks tools)')
    .argument('[json]', "the tool's parameters as one JSON object", '{}')
    .addHelpText('after', `\nExample:\n  agent-hooks call transfer_hbar_tool '{"transfers":[{"accountId":"0.0.98","amount":1}]}'\n\nExit codes: 0 executed, 1 failed, 2 bad input, 3 blocked by a policy.`)
    .action((tool: string, json: string, _options, command: Command) =>
      run(command, async (ctx) => {
        const params = parseParamsArgument(json);
        const configured = await ctx.openKit();
        try {
          // On stderr even with --json: a limit that limits nothing across calls must not go unnoticed.
          const killSwitch = configured.kit.killSwitch?.storeDescription === 'memory' ? ['the kill switch'] : [];
          const warning = memoryStateWarning([...memoryOnlyStateHolders(configured.loaded.listeners), ...killSwitch], configuredStateFile(configured.loaded.config, configured.loaded.baseDir));
          if (warning) ctx.io.stderr(`${warning}\n`);
          // No probe here: the kit's execute strategy finds an unreachable network before submitting,
          // and its result says nothing was submitted (raw.submitted false), for every caller alike.
          const result = await ctx.progress(`running ${tool} on network "${configured.network}"`, configured.kit.execute(tool, params));
          const exitCode = exitCodeFor(result);
          // Rendered with the kit's redactor: an SDK value's string form is only known here.
          const render = (value: unknown, space?: number) => configured.kit.redactor.toJson(value, space);
          const rendered = JSON.parse(render(result)) as typeof result;
          const unsent = rendered.raw.submitted === false && rendered.raw.status !== 'SUCCESS' ? { submitted: false } : {};
          ctx.output.document(withError(rendered, exitCode, { code: rendered.raw.errorCode ?? rendered.raw.status, message: rendered.humanMessage, ...unsent }));
          ctx.output.line(result.humanMessage);
          const { raw } = result;
          if (raw.transactionId) ctx.output.line(`  transaction: ${raw.transactionId}`);
          if (raw.errorCode) ctx.output.line(`  error code:  ${raw.errorCode}`);
          if (raw.bytes instanceof Uint8Array) ctx.output.line(`  bytes:       ${Buffer.from(raw.bytes).toString('base64')}`);
          for (const warning of raw.warnings ?? []) ctx.output.line(`  warning:     ${warning}`);
          if (configured.devnet) ctx.output.note('(network "devnet": a fresh embedded devnet for this command only; its state is gone when it exits. See agent-hooks devnet.)');
          if (raw.status === 'SUCCESS' && raw.data !== undefined) ctx.output.line(render(raw.data, 2));
          return exitCode;
        } finally {
          await configured.close();
        }
      }),
    );
}

function parseParamsArgument(json: string): unknown {
  let params: unknown;
  try {
    params = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`argument <json> is not valid JSON (${messageOf(error)}); pass the parameters as one JSON object in single quotes, e.g. '{"transfers":[{"accountId":"0.0.98","amount":1}]}'`);
  }
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    throw new UsageError(`argument <json> must be a JSON object of parameters, got ${Array.isArray(params) ? 'an array' : JSON.stringify(params)}`);
  }
  return params;
}
