import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { chooseNetwork } from '../../config/network-choice.js';
import { openNetwork } from '../../config/open-network.js';
import { configuredStateFile } from '../../config/default-policy-store.js';
import { createSigningJudge } from '../../signer/signing-judge.js';
import { approvalsUnfitForSigning } from '../../signer/signing-approvals.js';
import { ConfigError } from '../../config/config-error.js';
import { configuredMirrorOf } from '../configured-mirror.js';
import { ledgerLookups } from '../../signer/server/ledger-lookups.js';
import { startSigner } from '../../signer/server/start-signer.js';
import { AgentTokens } from '../../signer/server/agent-tokens.js';
import { decisionTrail } from '../../signer/server/decision-trail.js';
import type { SignerIdentity } from '../../signer/server/signer-server.js';
import type { StoreSpec } from '../../policies/state/store-spec.js';
import type { CommandContext } from '../command-context.js';
import { ExitCode } from '../exit-codes.js';
import type { RunAction } from '../run-action.js';
import { UsageError } from '../usage-error.js';
import { signerKeyFrom, PKCS11_PIN_ENV, type SignerKeyOptions } from './signer-key-options.js';
import { signerTokens, SIGNER_TOKENS_ENV } from './signer-tokens.js';
import { untilStopSignal } from '../stop-signal.js';

interface SignerCommandOptions extends SignerKeyOptions {
  account?: string;
  host?: string;
  port: number;
  socket?: string;
  tlsCert?: string;
  tlsKey?: string;
  tokensFile?: string;
  store?: string;
  allowType?: string[];
  maxBody?: number;
}

/** Port the signer listens on by default. */
export const DEFAULT_SIGNER_PORT = 7450;

/**
 * `agent-hooks signer`: the policy signer, a process of its own that holds the key and signs only
 * what the configuration's policies allow, judged from the bytes of each body (docs/signer.md).
 */
export function registerSignerCommand(program: Command, run: RunAction): void {
  program
    .command('signer')
    .description("hold the account's key in this process and sign, for agents holding a token, only what the configuration's policies allow (judged from each transaction's bytes)")
    .option('--account <id>', "the account the key signs for (default: HEDERA_OPERATOR_ID)")
    .option('--key-env <name>', 'read the private key from this environment variable')
    .option('--key-file <path>', 'read the private key from this file, which only its owner may read (chmod 600)')
    .option('--key-type <type>', 'ed25519 or ecdsa, for a key written as raw hex', parseKeyType)
    .option('--pkcs11-module <path>', "the HSM's PKCS#11 library, e.g. /usr/lib/softhsm/libsofthsm2.so")
    .option('--pkcs11-token <label>', 'the label of the token holding the key')
    .option('--pkcs11-key <label>', `the key's label in the token (user PIN from ${PKCS11_PIN_ENV})`)
    .option('--host <address>', 'the address to listen on (default 127.0.0.1; any other needs --tls-cert and --tls-key)')
    .option('--port <port>', `the port (0: any free port)`, parsePort, DEFAULT_SIGNER_PORT)
    .option('--socket <path>', 'listen on this Unix socket instead of a TCP port')
    .option('--tls-cert <file>', 'TLS certificate (PEM) to serve https with')
    .option('--tls-key <file>', "TLS certificate's private key (PEM)")
    .option('--tokens-file <file>', `one bearer token per agent: a JSON file {"agent-1": "<secret>"} readable by its owner only; or the same JSON in ${SIGNER_TOKENS_ENV}`)
    .option('--store <where>', 'where budgets, rate counts and signed transaction IDs live: redis://… (replicas share it), a .sqlite file, or memory (default: the state file beside the journal)')
    .option('--allow-type <name...>', 'transaction types (the body\'s data names, e.g. utilPrng) signed without judging what they move')
    .option('--max-body <bytes>', 'largest request accepted (default 262144)', parsePositive)
    .addHelpText(
      'after',
      `\nThe policies, kill switch and audit hooks are the configuration's (--config, or agent-hooks.config.* here); the network is its "network" or HEDERA_NETWORK.\nAn ApprovalPolicy holds a signature until its quorum's decisions verify (in the call, at most until the body's valid window closes); agent-hooks approve and agent-hooks console with the same configuration see and decide its requests.\nExactly one key source: --key-env, --key-file, or --pkcs11-module with --pkcs11-token and --pkcs11-key. Tokens and PINs are never read from the command line.\nAgents connect with signerClient({ url, token }) or "signer": { "url", "tokenEnv" } in their configuration.`,
    )
    .action((options: SignerCommandOptions, command: Command) => run(command, (ctx) => serve(ctx, options)));
}

async function serve(ctx: CommandContext, options: SignerCommandOptions): Promise<ExitCode> {
  const tokens = signerTokens(options.tokensFile === undefined ? undefined : path.resolve(ctx.io.cwd, options.tokensFile), ctx.io.env[SIGNER_TOKENS_ENV]);
  delete ctx.io.env[SIGNER_TOKENS_ENV];
  // Checked before any key is opened or network reached: a bad token table is a usage error at once.
  new AgentTokens(tokens);
  const accountId = (options.account ?? ctx.io.env.HEDERA_OPERATOR_ID ?? '').trim();
  if (!/^\d+\.\d+\.\d+$/.test(accountId)) throw new UsageError(`--account: the account the key signs for, like 0.0.1234 (or set HEDERA_OPERATOR_ID); got ${accountId ? JSON.stringify(accountId) : 'nothing'}.`);
  if ((options.tlsCert === undefined) !== (options.tlsKey === undefined)) throw new UsageError('--tls-cert and --tls-key go together: the certificate and its private key.');
  if (options.socket !== undefined && (options.host !== undefined || options.tlsCert !== undefined)) throw new UsageError('--socket listens on a Unix socket: leave out --host and --tls-cert/--tls-key.');
  const loaded = await ctx.loadConfig();
  // Before any key is opened: an approval the signer cannot hold is a configuration error at once.
  const unfit = approvalsUnfitForSigning(loaded.listeners);
  if (unfit) throw new ConfigError(loaded.source, [unfit]);
  // The signer's key comes from its own sources, never from the operator variables a kit would read.
  const { HEDERA_OPERATOR_KEY: _key, HEDERA_OPERATOR_ID: _id, HEDERA_OPERATOR_KEY_TYPE: _type, ...env } = ctx.io.env;
  const choice = chooseNetwork({ env, config: loaded.config, source: loaded.source, operator: 'optional' });
  if (choice.network === 'devnet') {
    throw new UsageError(`the signer serves the network its account lives on: set "network" in ${loaded.source} (e.g. "local" with the node's addresses, or "testnet") or HEDERA_NETWORK; a fresh embedded devnet knows no account of yours.`);
  }
  const key = await signerKeyFrom(options, ctx.io.env, ctx.io.cwd);
  const opened = await openNetwork(choice, { source: loaded.source }).catch(async (error: unknown) => {
    await key.close();
    throw error;
  });
  // The signer's own queries (a schedule's body, a balance a policy reads) are paid with its key, unjudged: they move nothing but the query fee.
  opened.client.setOperatorWith(accountId, key.publicKey, (bytes) => key.sign(bytes));
  const mirror = configuredMirrorOf(ctx, loaded);
  if (!mirror) ctx.logger.warn({}, `signer: no mirror node for this network, so a signature's budget is committed when it is signed (a transaction never submitted stays counted)`);
  // A judge that cannot be made (a policy refused, a store that cannot open) leaves no key session or network open behind it.
  const judge = await createSigningJudge({
    policies: loaded.listeners,
    store: storeOf(options.store, configuredStateFile(loaded.config, loaded.baseDir), ctx.io.cwd),
    ...(options.allowType ? { allowTypes: options.allowType } : {}),
    ...(loaded.config.killSwitch ? { killSwitch: loaded.config.killSwitch } : {}),
    client: opened.client,
    logger: ctx.logger,
    ...ledgerLookups(opened.client),
    // A signature's budgets stay reserved until this network's mirror tells whether it reached consensus.
    ...(mirror ? { settlement: { mirror } } : {}),
  }).catch(async (error: unknown) => {
    await key.close();
    await opened.close();
    throw error;
  });
  const network: SignerIdentity['network'] =
    choice.network === 'local' ? { grpcAddress: choice.local!.grpcAddress, nodeAccountId: choice.local!.nodeAccountId, ...(choice.local!.mirrorUrl ? { mirrorUrl: choice.local!.mirrorUrl } : {}) } : choice.network;
  const record = decisionTrail(loaded.listeners);
  if (!record) ctx.logger.warn({}, `signer: ${loaded.source} has no audit hook (HcsAuditTrailHook, HolAuditTrailHook), so its signing decisions are not on an audit trail`);
  let running;
  try {
    running = await startSigner({
      ...(record ? { record } : {}),
      accountId,
      key,
      judge: (request) => judge.judge(request),
      tokens,
      network,
      listen: options.socket !== undefined ? { socketPath: path.resolve(ctx.io.cwd, options.socket) } : { host: options.host ?? '127.0.0.1', port: options.port, ...(options.tlsCert ? { tls: { certFile: path.resolve(ctx.io.cwd, options.tlsCert), keyFile: path.resolve(ctx.io.cwd, options.tlsKey!) } } : {}) },
      ...(options.maxBody !== undefined ? { maxBodyBytes: options.maxBody } : {}),
      log: (line) => ctx.logger.warn({}, line),
    });
  } catch (error) {
    await judge.close();
    await key.close();
    await opened.close();
    throw error;
  }
  ctx.io.stderr(`agent-hooks signer: serving ${running.url} for account ${accountId} (${key.type}, key in ${key.description}); agents: ${Object.keys(tokens).join(', ')}\n`);
  ctx.output.document({ url: running.url, accountId, publicKey: key.publicKey.toStringDer(), agents: Object.keys(tokens) });
  await untilStopSignal();
  try {
    await running.close();
    await judge.close();
  } finally {
    await key.close();
    await opened.close();
  }
  return ExitCode.OK;
}

function storeOf(given: string | undefined, stateFile: string, cwd: string): StoreSpec {
  if (given === undefined) return { sqlite: stateFile };
  if (given === 'memory') return 'memory';
  if (/^rediss?:\/\//.test(given)) return { redis: given, prefix: 'agent-hooks-signer' };
  if (/\.(sqlite|db)$/.test(given)) return { sqlite: path.resolve(cwd, given) };
  throw new UsageError(`--store: "${given}" is not a store; give redis://host:6379 (replicas share it), a path ending in .sqlite, or memory.`);
}

function parseKeyType(value: string): 'ed25519' | 'ecdsa' {
  if (value === 'ed25519' || value === 'ecdsa') return value;
  throw new InvalidArgumentError(`the key type must be ed25519 or ecdsa, got "${value}".`);
}

function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(port <= 65535)) throw new InvalidArgumentError(`the port must be a whole number from 0 to 65535 (0 takes any free port), got "${value}".`);
  return port;
}

function parsePositive(value: string): number {
  const bytes = /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(bytes >= 1024)) throw new InvalidArgumentError(`the body limit must be a whole number of bytes, at least 1024, got "${value}".`);
  return bytes;
}
