import { z } from 'zod';
import { agentHooksConfigSchema, NETWORKS, POLICY_MODES } from './config-schema.js';
import { listenerCatalog } from './listener-catalog.js';

/** Where the schema ships in the package, for a config's `"$schema"`. */
export const CONFIG_JSON_SCHEMA_FILE = 'schema/agent-hooks.config.schema.json';

type JsonSchema = Record<string, unknown> & { properties: Record<string, Record<string, unknown>> };

/** One sentence per field, shown by editors on hover; a test checks that every field has one. */
const DESCRIPTIONS: Record<string, string> = {
  $schema: 'This schema, for editors: "./node_modules/hedera-agent-hooks/schema/agent-hooks.config.schema.json".',
  network: 'devnet (a fresh embedded network per command), local (an existing node, see "local"), testnet, mainnet or previewnet. Left out, HEDERA_NETWORK decides, else devnet. The operator comes from HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY, never from this file.',
  local: 'Where network "local" finds its node, e.g. one started by agent-hooks devnet.',
  mirrorNodeUrl: "Mirror node REST base URL; default: the network's public mirror (or the local or embedded one).",
  mode: 'autonomous (sign with the operator and submit) or returnBytes (return unsigned bytes with accountId as payer); any letter case.',
  accountId: 'The account the agent acts for and the payer of returnBytes transactions; default: the operator.',
  sessionId: 'Identifies the agent session in audit entries.',
  corePlugins: "Load the project's core plugins (account, consensus, token, queries).",
  plugins: 'Extra plugin folders, relative to this file.',
  tools: 'Expose only these tools; left out, every tool of the loaded plugins.',
  unloadedPolicyTools: "Tool names the policies may list although this agent does not have them (e.g. another agent's plugin); any other such name stops the kit at start.",
  hooks: 'Hooks (and policies) by class name with constructor arguments; null stands for a left-out argument.',
  policies: 'Policies by class name with constructor arguments, and "mode": "report" to report what a policy would block instead of blocking it; allOf, anyOf and not take policy entries as arguments.',
  policyTimeoutMs: "Time budget of an asynchronous policy verdict, in ms (default 5000); over it, the call is blocked.",
  killSwitch:
    "The kill switch (docs/oversight.md): {} for every process started from this file (kept in agent-hooks-state.sqlite beside the journal), { \"store\": { \"redis\": \"redis://127.0.0.1:6379\" } } for every process on that Redis, with optional name and pollMs (50-1000). agent-hooks pause and unpause turn it on and off.",
  telemetry:
    "OpenTelemetry for every call (docs/telemetry.md): true for spans and metrics through the globally registered providers, or { traces, metrics, recordParams, recordPrincipal } (recordPrincipal: user.id, session.id and the tenant on each span, personal data, default false); providers of your own are given in code.",
  mcp:
    'Who the clients of agent-hooks mcp are. Over --http: { "tokensFile": "mcp-tokens.json" }, the file (relative to this one, readable by its owner only: chmod 600) mapping each user to a bearer token, {"alice": "<token>", "bob": {"token": "<token>", "tenantId": "acme"}}; tokens are secrets and never go in this file. Over stdio: { "principal": { "userId": "alice", "tenantId": "acme", "sessionId": "s1" } }, who every call is for. --tokens-file, AGENT_HOOKS_MCP_TOKENS, --user, --tenant and --session win over these.',
  approvals: 'Where the agents\' approval requests are shared, which agent-hooks approve decides on: the store their ApprovalPolicy uses. Left out, or { "store": { "sqlite": "path/to/state.sqlite" } }: a SqliteApprovalStore on the configuration\'s state file beside the journal (or that file); { "store": { "redis": "redis://127.0.0.1:6379", "prefix": "payments" } }: a RedisApprovalStore.',
  signer:
    'Sign through a policy signer (docs/signer.md): { "url": "http://127.0.0.1:7450", "tokenEnv": "SIGNER_TOKEN" }. The agent holds only its token (from the variable tokenEnv names, or "token"); the signer holds the key and judges every transaction. Needs "network" (e.g. "local" or "testnet"); HEDERA_OPERATOR_KEY is then not used. timeoutMs (default 200000) is how long to wait for a signature, which the signer may hold while people approve it; connectTimeoutMs (default 10000) how long to wait for a connection.',
};

/**
 * The JSON Schema of `agent-hooks.config.json`, generated from the zod schema the loader validates
 * with, plus what zod cannot express as JSON Schema: hook and policy names (from the same catalog
 * the loader builds them from), `mode` in any letter case, and `local` being required with network
 * "local". The package ships it as {@link CONFIG_JSON_SCHEMA_FILE}; a test keeps that file equal to
 * this output (regenerate with `node scripts/config-schema.cjs --write` after `npm run build`).
 *
 * @example
 * writeFileSync('schema.json', renderConfigJsonSchema());
 */
export function configJsonSchema(): JsonSchema {
  const schema = z.toJSONSchema(agentHooksConfigSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const { properties } = schema;
  for (const [name, property] of Object.entries(properties)) {
    const description = DESCRIPTIONS[name];
    if (description) properties[name] = { description, ...property };
  }
  properties.network = { ...properties.network, enum: [...NETWORKS] };
  properties.mode = { description: DESCRIPTIONS.mode, anyOf: [{ enum: ['autonomous', 'returnBytes'] }, { type: 'string', pattern: anyCase(['autonomous', 'returnbytes', 'return_bytes']) }] };
  const entry = listenerEntrySchema();
  properties.hooks = { ...properties.hooks, items: entry };
  properties.policies = { ...properties.policies, items: entry };
  return {
    $schema: schema.$schema,
    title: 'agent-hooks configuration',
    description: 'agent-hooks.config.json: the network, plugins, tools, hooks and policies of the agent-hooks command and createKitFromConfig.',
    ...schema,
    if: { properties: { network: { const: 'local' } }, required: ['network'] },
    then: { required: ['local'] },
    else: { not: { required: ['local'] } },
  };
}

/** The schema as the shipped file holds it: two-space JSON and a final newline. */
export function renderConfigJsonSchema(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}

/**
 * One hook or policy entry: per class that declares its constructor arguments (`static configArgs`),
 * `{ "hook" | "policy": <that name>, "args": <the JSON Schema of those arguments> }`, so an editor and
 * a schema check see a wrong argument; every other class (and the compositions, whose arguments are
 * entries themselves) takes a plain list.
 */
function listenerEntrySchema(): Record<string, unknown> {
  const catalog = [...listenerCatalog().values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const plainNames = (kind: 'hook' | 'policy') => catalog.filter((entry) => entry.kind === kind && !entry.configArgs).map((entry) => entry.name);
  const args = { type: 'array', description: 'Constructor arguments, in order; null for a left-out one.' };
  // Only policies judge, so only their entries take a mode.
  const modeOf = (kind: 'hook' | 'policy') => (kind === 'policy' ? { mode: POLICY_MODE_SCHEMA } : {});
  const typed = catalog.flatMap(({ kind, name, configArgs }) => {
    if (!configArgs) return [];
    const tuple = argsJsonSchema(configArgs);
    const required = typeof tuple.minItems === 'number' && tuple.minItems > 0 ? [kind, 'args'] : [kind];
    return [{ type: 'object', properties: { [kind]: { const: name }, args: tuple, ...modeOf(kind) }, required, additionalProperties: false }];
  });
  const plain = (['hook', 'policy'] as const)
    .filter((kind) => plainNames(kind).length)
    .map((kind) => ({ type: 'object', properties: { [kind]: { enum: plainNames(kind) }, args, ...modeOf(kind) }, required: [kind], additionalProperties: false }));
  return { oneOf: [...typed, ...plain] };
}

/** A policy entry's `mode` (docs/hooks-and-policies.md, "Report mode"). */
const POLICY_MODE_SCHEMA = {
  description: 'enforce (the default): a block ends the call. report: the policy judges as usual, but a block is logged, audited (wouldBlock on the call\'s entry) and counted, and the call goes on.',
  enum: [...POLICY_MODES],
};

/**
 * The JSON Schema of a class's constructor arguments. A left-out optional argument is written
 * `null` in a file (JSON has no `undefined`), so each optional position also takes null.
 */
function argsJsonSchema(configArgs: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...tuple } = z.toJSONSchema(configArgs, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const items = tuple.prefixItems as Record<string, unknown>[] | undefined;
  const required = typeof tuple.minItems === 'number' ? tuple.minItems : 0;
  if (items) tuple.prefixItems = items.map((item, at) => (at < required || Object.keys(item).length === 0 ? item : { anyOf: [item, { type: 'null' }] }));
  return { description: 'Constructor arguments, in order; null for a left-out one.', ...tuple };
}

/** A pattern matching any of `words` in any letter case (JSON Schema patterns have no `i` flag). */
function anyCase(words: readonly string[]): string {
  const word = (text: string) => [...text].map((char) => (/[a-z]/i.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char)).join('');
  return `^(${words.map(word).join('|')})$`;
}
