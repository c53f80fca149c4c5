import { z } from 'zod';
import { MAX_PRINCIPAL_CHARS } from '../lifecycle/call-options.js';
import { killSwitchOptions } from '../policies/kill-switch.js';
import { redisPrefixOption, redisTimeoutOption, redisUrlOption } from '../policies/state/redis-store.js';
import { sqlitePathOption } from '../policies/state/sqlite-store.js';

const APPROVALS_STORE_ACCEPTED = '{ "sqlite": "path/to/state.sqlite" } (left out: the state file beside the journal) or { "redis": "redis://host:6379", "prefix"?: "…" }';

/** File names `loadConfig` looks for in the working folder, in this order (TypeScript needs a Node.js that strips types). */
export const CONFIG_FILE_NAMES = [
  'agent-hooks.config.json',
  'agent-hooks.config.js',
  'agent-hooks.config.cjs',
  'agent-hooks.config.mjs',
  'agent-hooks.config.ts',
  'agent-hooks.config.mts',
  'agent-hooks.config.cts',
] as const;

export const NETWORKS = ['devnet', 'local', 'testnet', 'mainnet', 'previewnet'] as const;
export type NetworkName = (typeof NETWORKS)[number];

const entityId = z.string().regex(/^\d+\.\d+\.\d+$/, 'an entity ID like 0.0.1234');
const toolName = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a tool name in snake_case, e.g. transfer_hbar_tool');
/** What a policy entry's `mode` takes. */
export const POLICY_MODES = ['enforce', 'report'] as const;

const listenerName = z.string().regex(/^[A-Za-z_$][\w$]*$/, 'a class name, e.g. MaxRecipientsPolicy');

/**
 * One hook or policy by name: `{ "policy": "MaxRecipientsPolicy", "args": [5] }`. The key says which
 * kind is meant, so a typo that names a hook where a policy was intended is caught.
 */
export const namedListener = z
  .object({
    hook: listenerName.optional(),
    policy: listenerName.optional(),
    args: z.array(z.unknown()).default([]),
    /** A policy's mode: "enforce" (the default) or "report" (judge, report what it would block, let the call go on). */
    mode: z.enum(POLICY_MODES, { error: `"enforce" (the default: a block ends the call) or "report" (a block is logged, audited and counted, and the call goes on)` }).optional(),
  })
  .strict()
  .refine((entry) => (entry.hook === undefined) !== (entry.policy === undefined), {
    message: 'give exactly one of "hook" or "policy" (the class name), plus optional "args"',
  })
  .refine((entry) => entry.hook === undefined || entry.mode === undefined, {
    path: ['mode'],
    message: 'only policies have a mode (hooks observe, they do not judge); move the entry to a { "policy": … } or drop "mode"',
  });
export type NamedListener = z.output<typeof namedListener>;

/**
 * A JSON config names hooks and policies; a JS config may also put real instances (or decorated
 * classes) there. Plain objects are checked as names, so their problems are reported field by field.
 */
const listenerEntry = z.unknown().transform((value, ctx): NamedListener | object => {
  if (isPlainObject(value)) {
    const named = namedListener.safeParse(value);
    if (named.success) return named.data;
    for (const issue of named.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) ctx.addIssue({ code: 'custom', path: [key], message: 'unknown field; accepted fields: hook, policy, args, mode' });
      } else {
        ctx.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message });
      }
    }
    return z.NEVER;
  }
  if (typeof value === 'function' || (value !== null && typeof value === 'object')) return value;
  ctx.addIssue({ code: 'custom', message: 'an object { "hook" | "policy": "<class name>", "args": [...] }' });
  return z.NEVER;
});

/** Where `network: "local"` finds a node, e.g. one started by `agent-hooks devnet`. */
export const localNetwork = z
  .object({
    grpcAddress: z.string().regex(/^[\w.-]+:\d{1,5}$/, 'host:port, e.g. 127.0.0.1:50211'),
    mirrorUrl: z.url({ protocol: /^https?$/, error: 'an http(s) URL, e.g. http://127.0.0.1:5551' }),
    nodeAccountId: entityId.default('0.0.3'),
  })
  .strict();

const modes = { autonomous: 'autonomous', returnbytes: 'returnBytes', return_bytes: 'returnBytes' } as const;

const flag = z.boolean({ error: 'true or false' });

/** `telemetry`: what createAgentKit's option takes, less the providers (objects a JSON file cannot hold). */
export const telemetryConfig = z.union([z.boolean(), z.strictObject({ traces: flag.optional(), metrics: flag.optional(), recordParams: flag.optional(), recordPrincipal: flag.optional() })], {
  error: 'true, false or an object { traces?, metrics?, recordParams?, recordPrincipal? } (providers are given in code, not in the file)',
});

const principalName = z
  .string({ error: 'a name as text, e.g. "alice"' })
  .min(1, 'a name as text, e.g. "alice" (leave the field out rather than empty)')
  .max(MAX_PRINCIPAL_CHARS, `at most ${MAX_PRINCIPAL_CHARS} characters`);

/**
 * `mcp`: who the clients of `agent-hooks mcp` are. Over HTTP, the token map in a file of its own (tokens
 * are secrets, never written here, where a committed config would publish them); over stdio, the one
 * client's principal. `--tokens-file`, `AGENT_HOOKS_MCP_TOKENS`, `--user`, `--tenant` and `--session` win.
 */
export const mcpConfig = z
  .object(
    {
    /** The token map's file, relative to the config file; it must be its owner's only (chmod 600). */
    tokensFile: z.string({ error: 'a file path, e.g. "mcp-tokens.json" (relative to this file)' }).min(1, 'a file path, e.g. "mcp-tokens.json" (relative to this file)').optional(),
    /** Over stdio: who every call is for (context.userId, tenantId, sessionId). */
    principal: z
      .object({ userId: principalName.optional(), tenantId: principalName.optional(), sessionId: principalName.optional() }, { error: 'an object naming who every call is for: { "userId"?, "tenantId"?, "sessionId"? }' })
      .strict()
      .refine((principal) => Object.keys(principal).length > 0, 'name at least one of userId, tenantId, sessionId, e.g. { "userId": "alice" }')
      .optional(),
    },
    { error: 'an object: { "tokensFile": "mcp-tokens.json" } over --http, or { "principal": { "userId": "alice" } } over stdio' },
  )
  .strict()
  .refine((mcp) => mcp.tokensFile === undefined || mcp.principal === undefined, {
    message:
      'give "tokensFile" (over --http, each client is the user its token names) or "principal" (over stdio, the one client), not both: no transport takes both',
  });

/**
 * `signer`: the policy signer the agent's client signs through (docs/signer.md). The agent holds a
 * token, never the key: the token itself, or better the name of the environment variable holding it.
 */
export const signerConfig = z
  .object({
    url: z.string().regex(/^(https?:\/\/.+|unix:\/.+)$/, { error: 'the signer\'s address: http(s)://host:port or unix:/path/to.sock' }),
    token: z.string().min(16, 'the agent\'s signer token, at least 16 characters (better: "tokenEnv", so the file holds no secret)').optional(),
    tokenEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'the name of the environment variable holding the token, e.g. SIGNER_TOKEN' }).optional(),
    /** A CA certificate (PEM file, relative to the config file) for an https signer with a certificate of its own. */
    caFile: z.string().min(1).optional(),
    /** How long to wait for a signature, in ms (default 200 000: the signer may hold one while people approve it). */
    timeoutMs: z.number().int().min(1).max(2 ** 31 - 1, 'at most 2147483647 ms, the longest a timer keeps').optional(),
    /** How long to wait for a connection to the signer, in ms (default 10 000). */
    connectTimeoutMs: z.number().int().min(1).max(2 ** 31 - 1, 'at most 2147483647 ms, the longest a timer keeps').optional(),
  }, { error: '{ "url": "http://127.0.0.1:7450", "tokenEnv": "SIGNER_TOKEN" }' })
  .strict()
  .refine((signer) => (signer.token === undefined) !== (signer.tokenEnv === undefined), { error: 'give exactly one of "token" and "tokenEnv" (the environment variable holding the token)' });

/**
 * `agent-hooks.config.json`. The operator is never read from here: it comes from
 * `HEDERA_OPERATOR_ID` / `HEDERA_OPERATOR_KEY`, so a config file can be committed safely.
 */
export const agentHooksConfigSchema = z
  .object({
    $schema: z.string().optional(),
    /**
     * Left out, `HEDERA_NETWORK` decides, else the embedded devnet: see network-choice.ts, the one
     * place that decides (for the CLI, createKitFromConfig and createKitFromEnv alike).
     */
    network: z.enum(NETWORKS, { error: `one of ${NETWORKS.join(', ')}` }).optional(),
    local: localNetwork.optional(),
    mirrorNodeUrl: z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).optional(),
    mode: z
      .string()
      .transform((mode, ctx) => {
        const known = modes[mode.toLowerCase() as keyof typeof modes];
        if (!known) ctx.addIssue({ code: 'custom', message: `"${mode}" is not a mode; use "autonomous" or "returnBytes"` });
        return known ?? 'autonomous';
      })
      .default('autonomous'),
    /** Payer of RETURN_BYTES transactions; defaults to the operator. */
    accountId: entityId.optional(),
    sessionId: z.string().min(1).max(100).optional(),
    /** Load the project's core plugins (default true). */
    corePlugins: z.boolean().default(true),
    /** Extra plugin folders, relative to the config file. */
    plugins: z.array(z.string().min(1, 'a folder path')).default([]),
    /** Expose only these tools. */
    tools: z.array(toolName).min(1, 'list at least one tool, or leave "tools" out to expose all').optional(),
    /**
     * Tool names the policies may list although this kit does not have them (a shared policy list
     * covering another agent's plugin); any other such name stops the kit at start.
     */
    unloadedPolicyTools: z.array(toolName).optional(),
    hooks: z.array(listenerEntry).default([]),
    policies: z.array(listenerEntry).default([]),
    policyTimeoutMs: z.number().int().positive().max(600_000).optional(),
    /**
     * The kill switch (docs/oversight.md): `{}` kept beside the journal (every process of this file), `{ "store": { "redis": "redis://…" } }`
     * for every process on that Redis; `agent-hooks pause` and `unpause` turn it on and off.
     */
    killSwitch: killSwitchOptions.optional(),
    /**
     * OpenTelemetry for every call (docs/telemetry.md), through the globally registered providers;
     * providers of your own are code-only (createKitFromConfig's `telemetry` option).
     */
    telemetry: telemetryConfig.optional(),
    /** Sign through a policy signer (docs/signer.md) instead of an operator key in this process. */
    signer: signerConfig.optional(),
    /**
     * Where the agents' approval requests are shared: what `agent-hooks approve` decides on and the
     * console lists. A SQLite file (a SqliteApprovalStore; left out, the configuration's state file
     * beside the journal, where kits on this machine keep their state) or a Redis server (a RedisApprovalStore).
     */
    /** Who the clients of `agent-hooks mcp` are: `{ "tokensFile": "mcp-tokens.json" }` over --http, `{ "principal": { "userId": … } }` over stdio. */
    mcp: mcpConfig.optional(),
    approvals: z
      .object({
        store: z
          .union(
            [
              z
                .object({ redis: redisUrlOption, prefix: redisPrefixOption.optional(), commandTimeoutMs: redisTimeoutOption.optional(), connectTimeoutMs: redisTimeoutOption.optional() })
                .strict(),
              z.object({ sqlite: sqlitePathOption }).strict(),
            ],
            { error: APPROVALS_STORE_ACCEPTED },
          )
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((config, ctx) => {
    if (config.network === 'local' && !config.local) {
      ctx.addIssue({ code: 'custom', path: ['local'], message: 'required when network is "local": { "grpcAddress": "127.0.0.1:50211", "mirrorUrl": "http://127.0.0.1:5551" }' });
    }
    if (config.network !== 'local' && config.local) {
      const network = config.network ? `network is "${config.network}"` : 'add "network": "local"';
      ctx.addIssue({ code: 'custom', path: ['local'], message: `only used with network "local" (${network})` });
    }
  });

export type AgentHooksConfigInput = z.input<typeof agentHooksConfigSchema>;
export type AgentHooksConfig = z.output<typeof agentHooksConfigSchema>;
export type LocalNetwork = z.output<typeof localNetwork>;

/** A plain object: an object literal, or one with a null prototype as the configuration file reader builds them. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
