/*
 * One cold start, in a fresh process started by cold-start-bench.ts:
 *   node dist/bench/cold-start-child.js <ours|real> <cjs|esm>
 * Loads the package (and the SDK), builds an offline client, then times creating the kit and its
 * first call: transfer_hbar_tool in RETURN_BYTES mode, which builds and freezes a transaction and
 * returns its bytes without touching a network. Prints one JSON line of microseconds.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Contender = 'ours' | 'real';
type Format = 'cjs' | 'esm';

const ACCOUNT = '0.0.2';
const ARGS = { transfers: [{ accountId: '0.0.1001', amount: 1 }] };

/** `require` for the CommonJS builds, `import()` for the ES-module ones, as an app of that kind loads them. */
function loader(format: Format): (id: string) => Promise<any> {
  return format === 'cjs' ? async (id) => require(id) : (id) => import(id.startsWith('/') ? pathToFileURL(id).href : id);
}

async function main(contender: Contender, format: Format): Promise<void> {
  const load = loader(format);
  const loadStart = process.hrtime.bigint();
  const sdk = await load('@hiero-ledger/sdk');
  const api = contender === 'ours'
    ? await load(path.join(__dirname, '..', ...(format === 'esm' ? ['esm'] : []), 'src', 'index.js'))
    : { ...(await load('@hashgraph/hedera-agent-kit')), ...(await load('@hashgraph/hedera-agent-kit/plugins')) };
  const loaded = process.hrtime.bigint();
  // The client is the app's, made before either kit is: offline (nothing listens on port 9), with a
  // ledger ID, which the real kit's HederaAgentAPI requires.
  const client = sdk.Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false })
    .setOperator(ACCOUNT, sdk.PrivateKey.generateED25519())
    .setLedgerId(sdk.LedgerId.TESTNET);
  const context = { mode: api.AgentMode.RETURN_BYTES, accountId: ACCOUNT };

  const start = process.hrtime.bigint();
  const call = contender === 'ours' ? await createOurs(api, client, context) : createReal(api, client, context);
  const created = process.hrtime.bigint();
  const output = await call();
  const done = process.hrtime.bigint();

  if (!returnedBytes(output)) throw new Error(`${contender} (${format}) did not return transaction bytes: ${output.slice(0, 300)}`);
  const us = (from: bigint, to: bigint) => Math.round(Number(to - from) / 1000);
  process.stdout.write(`${JSON.stringify({ load_us: us(loadStart, loaded), create_us: us(start, created), first_call_us: us(created, done) })}\n`);
  client.close();
}

async function createOurs(api: any, client: unknown, context: object): Promise<() => Promise<string>> {
  const kit = await api.createAgentKit({ client, context });
  return () => kit.run('transfer_hbar_tool', ARGS);
}

/** As that kit's own toolkits build it: discover the core plugins' tools, then an API over them. */
function createReal(api: any, client: unknown, context: object): () => Promise<string> {
  const configuration = { plugins: api.allCorePlugins, context };
  const tools = api.ToolDiscovery.createFromConfiguration(configuration).getAllTools(context, configuration);
  const agent = new api.HederaAgentAPI(client, context, tools);
  return () => agent.run('transfer_hbar_tool', ARGS);
}

/** Ours answers `{ raw: { status, bytes } }`, the real kit `{ bytes }`: either way the call must have produced bytes. */
function returnedBytes(output: string): boolean {
  const parsed = JSON.parse(output) as { raw?: { status?: string; bytes?: unknown }; bytes?: unknown };
  return parsed.raw ? parsed.raw.status === 'SUCCESS' && Boolean(parsed.raw.bytes) : Boolean(parsed.bytes);
}

const [contender, format] = process.argv.slice(2) as [Contender, Format];
if (!['ours', 'real'].includes(contender) || !['cjs', 'esm'].includes(format)) {
  process.stderr.write('usage: cold-start-child.js <ours|real> <cjs|esm>\n');
  process.exitCode = 2;
} else {
  main(contender, format).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
