import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');
const FIXTURES = path.join(ROOT, 'test/fixtures/consumers');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const README_SAMPLES = path.join(ROOT, 'docs/examples/readme');

/** The app's SDK: the version this package is developed against, and the oldest minor its peer range admits. */
const CURRENT_SDK = devVersionOf('@hiero-ledger/sdk');
const OLDER_SDK = '2.84.0';

/** The range this project itself installs `name` with, so consumers get what npm's cache already holds. */
function devVersionOf(name: string): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<'dependencies' | 'devDependencies', Record<string, string>>;
  const range = pkg.devDependencies[name] ?? pkg.dependencies[name];
  if (!range) throw new Error(`package.json does not list ${name}`);
  return range;
}

/**
 * What each README sample prints when run as written (README shows it whole: it makes its own
 * devnet, client and topic and stops them). A new sample needs an entry: say what its run shows.
 */
const README_RUNS: Record<string, (stdout: string) => void> = {
  'quick-start.mts': (out) => {
    expect(out).to.match(/^SUCCESS 0\.0\.2@\d+\.\d+$/m);
    expect(out).to.contain("policy: 'Max Recipients Policy'").and.to.contain("reason: '3 recipients exceed the maximum of 2'");
  },
  'client.mts': (out) => expect(out).to.match(/^operator 0\.0\.2 holds \d+ ℏ; mirror node http:\/\/127\.0\.0\.1:\d+$/m),
  'from-env.mts': (out) => {
    expect(out).to.contain('embedded devnet, operator 0.0.2');
    expect(out).to.match(/Account 0\.0\.2 holds \d+ HBAR/);
  },
  'devnet.mts': (out) => expect(out).to.match(/^0\.0\.1001 302a\w+ http:\/\/127\.0\.0\.1:\d+$/m),
  'decorators.mts': (out) => expect(out.trim().split('\n')).to.deep.equal(['transfers above 10 HBAR need a human', 'SUCCESS, logged with 0.0.2']),
  'coming-from-kit.mts': (out) => {
    expect(out).to.match(/^SUCCESS HBAR successfully transferred\./m);
    expect(out).to.match(/^ERROR Max Recipients Policy$/m);
  },
  // Run with a pipe for stdin: the terminal approver has nobody to ask, so over 100 HBAR is refused.
  'approval-policy.mts': (out) => expect(out).to.match(/^ERROR .*there is no terminal \(standard input is not a TTY\).* \| SUCCESS$/m),
  'value-policies.mts': (out) => {
    expect(out).to.contain("policy: 'Max Transfer Policy'");
    expect(out).to.contain('transfer_hbar_tool moves 150 HBAR (15000000000 tinybars) in this call, to 0.0.98; the cap is 100 HBAR per call');
  },
  'composition.mts': (out) => expect(out).to.contain('SUCCESS ERROR anyOf(Recipient Allowlist Policy, allOf(Max Transfer Policy, Recipient Denylist Policy))'),
  'langchain.mts': (out) => {
    expect(out).to.match(/^Transferred 1 ℏ from 0\.0\.2 to 0\.0\.98/m);
    expect(out).to.match(/^0\.0\.2@\d+\.\d+$/m);
  },
  'langchain-configuration.mts': (out) => expect(out).to.match(/transfer_hbar_tool: Transfers HBAR/),
  'ai-sdk.mts': (out) => expect(out).to.match(/^Sent\. SUCCESS 0\.0\.2@\d+\.\d+$/m),
  'policy-signer.mts': (out) => {
    expect(out).to.match(/^SUCCESS$/m);
    expect(out).to.match(/^E_SIGNER_REFUSED false$/m);
  },
  'exchange-rate.mts': (out) => expect(out).to.contain('cent_equivalent: 12').and.to.contain('hbar_equivalent: 1'),
  'allowance-spend.mts': (out) => {
    expect(out).to.match(/^SUCCESS$/m);
    expect(out).to.match(/^0\.0\.\d+'s allowance to 0\.0\.\d+ has 1 HBAR left .*; this call spends 2 HBAR$/m);
    expect(out).to.match(/^transfer_hbar_tool moves value the agent's own account funds; /m);
  },
  'duplicate-intent.mts': (out) => {
    expect(out).to.match(/^SUCCESS$/m);
    expect(out).to.match(/^this repeats call \S+ of transfer_hbar_tool .* which executed: transaction 0\.0\.2@\d+\.\d+, SUCCESS/m);
  },
  'dollar-limits.mts': (out) => {
    expect(out).to.match(/^SUCCESS$/m);
    expect(out).to.contain('moves 500 HBAR ($60) in this call').and.to.contain('12 ¢/HBAR').and.to.contain('the cap is $50 per call');
    expect(out).to.contain('may spend $60 per 24 h; this call moves $18').and.to.contain('$12 left');
  },
  'telemetry.mts': (out) => expect(out).to.contain("'execute_tool get_hbar_balance_query_tool'"),
  'metrics.mts': (out) => expect(out).to.match(/^hedera_agent_hooks_calls_total\{gen_ai_tool_name="get_hbar_balance_query_tool",hedera_agent_hooks_outcome="executed"[^}]*\} 1$/m),
  'deferred-approval.mts': (out) => expect(out.trim().split('\n')).to.deep.equal(['PENDING_APPROVAL', 'true', 'SUCCESS', 'E_APPROVAL_NOT_EXECUTABLE']),
  'ledger-approval.mts': (out) => expect(out.trim().split('\n')).to.deep.equal(['SUCCESS true', 'first signature', 'true']),
  'kill-switch.mts': (out) => {
    expect(out).to.match(/^the kill switch is on: alice paused every value-moving call at .* because "investigating a leak"/m);
    expect(out).to.match(/^SUCCESS$/m);
  },
  'report-mode.mts': (out) => {
    expect(out).to.contain('policy in report mode would have blocked this call; it goes on - transfer_hbar_tool moves 25 HBAR (2500000000 tinybars) in this call, to 0.0.98; the cap is 10 HBAR per call');
    expect(out).to.contain("SUCCESS { 'Max Transfer Policy': 1 }");
  },
  'langchain-two-users.mts': (out) => {
    expect(out).to.match(/^SUCCESS SUCCESS$/m);
    expect(out).to.match(/alice.*1 HBAR left/);
  },
  'ai-sdk-two-users.mts': (out) => expect(out).to.match(/^SUCCESS SUCCESS ERROR$/m),
  'mcp-two-users.mts': (out) => expect(out).to.match(/^paid paid refused$/m),
  'openai-agents-two-users.mts': (out) => expect(out).to.match(/^SUCCESS SUCCESS ERROR$/m),
  'per-session-budget.mts': (out) => {
    expect(out).to.match(/^SUCCESS SUCCESS$/m);
    expect(out).to.match(/^budget "spend-limit" of session "alice": .* 1 HBAR left/m);
  },
  'per-call-context.mts': (out) => {
    expect(out.trim().split('\n')[0]).to.equal('SUCCESS SUCCESS');
    expect(out).to.match(/^this repeats call \S+ of transfer_hbar_tool .*A new payment of the same value needs a new idempotency key\.$/m);
    expect(out).to.match(/^SUCCESS$/m);
    expect(out).to.match(/^budget "spend-limit" of user "alice": .* 0 HBAR left/m);
  },
};

/** What the devnet talks and encodes with: the SDK brings each, so the package must not bring another. */
const SDK_WIRE_LIBRARIES = ['@grpc/grpc-js', '@grpc/proto-loader', '@hiero-ledger/proto', 'protobufjs'];

/** Every installed copy of `name` under the project's node_modules, nested ones too: folder and version. */
function installedCopies(projectDir: string, name: string): { at: string; version: string }[] {
  const copies: { at: string; version: string }[] = [];
  const visit = (modulesDir: string): void => {
    if (!existsSync(modulesDir)) return;
    for (const entry of readdirSync(modulesDir)) {
      const packageDirs = entry.startsWith('@') ? readdirSync(path.join(modulesDir, entry)).map((inner) => path.join(modulesDir, entry, inner)) : [path.join(modulesDir, entry)];
      for (const dir of packageDirs) {
        const manifest = path.join(dir, 'package.json');
        if (!existsSync(manifest)) continue;
        if (path.relative(modulesDir, dir) === name) copies.push({ at: path.relative(projectDir, dir), version: (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version });
        visit(path.join(dir, 'node_modules'));
      }
    }
  };
  visit(path.join(projectDir, 'node_modules'));
  return copies;
}

/**
 * The package adds no copy of the SDK's gRPC and protobuf libraries: none is installed inside the
 * package's own node_modules, and the devnet's gRPC and Hedera protobufs are the SDK's own versions,
 * one copy each (the SDK itself brings a second protobufjs for @hiero-ledger/proto and gRPC's loader).
 */
function expectSdkWireLibrariesOnce(consumer: Consumer): void {
  for (const name of SDK_WIRE_LIBRARIES) {
    const own = installedCopies(consumer.dir, name).filter((copy) => copy.at.startsWith(path.join('node_modules', 'hedera-agent-hooks')));
    expect(own, `hedera-agent-hooks brought its own ${name} beside the SDK's`).to.deep.equal([]);
  }
  const sdk = JSON.parse(readFileSync(path.join(consumer.dir, 'node_modules/@hiero-ledger/sdk/package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };
  for (const name of ['@grpc/grpc-js', '@hiero-ledger/proto']) {
    expect(installedCopies(consumer.dir, name), `${name} with SDK ${sdk.version}`).to.deep.equal([{ at: path.join('node_modules', name), version: sdk.dependencies[name] }]);
  }
}

interface Consumer {
  dir: string;
  label: string;
}

/** How a file is run: the arguments before it on node's command line, from the consumer's folder. */
interface Loader {
  label: string;
  args(consumerDir: string): string[];
}

const NODE: Loader = { label: 'node', args: () => [] };
/** tsx's command (what `npx tsx` starts), run with this node: its ES-module and CommonJS hooks both on. */
const TSX_CLI: Loader = { label: 'tsx', args: (dir) => [tsxCli(dir)] };
/** `node --import tsx`: the same two hooks, registered by the app's node command. */
const IMPORT_TSX: Loader = { label: 'node --import tsx', args: () => ['--import', 'tsx'] };
/** `node --import tsx/esm`: the ES-module hook only, so require() is Node's own. */
const IMPORT_TSX_ESM: Loader = { label: 'node --import tsx/esm', args: () => ['--import', 'tsx/esm'] };

/** The consumer's tsx command file, as its package.json names it. */
function tsxCli(consumerDir: string): string {
  const tsxDir = path.join(consumerDir, 'node_modules/tsx');
  const { bin } = JSON.parse(readFileSync(path.join(tsxDir, 'package.json'), 'utf8')) as { bin: string | { tsx: string } };
  return path.join(tsxDir, typeof bin === 'string' ? bin : bin.tsx);
}

/** Runs at most `count` tasks at once, the others in the order they were asked for. */
function limitedTo(count: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= count) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * A README sample as a CommonJS program: its imports as they are (TypeScript in a CommonJS package
 * compiles them to require()), and the rest, which awaits at top level, inside an async main.
 */
function asCommonJs(sample: string): string {
  const lines = sample.split('\n');
  const body = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('import '));
  const main = lines.slice(body).map((line) => (line ? `  ${line}` : line));
  return [...lines.slice(0, body), 'async function main(): Promise<void> {', ...main, '}', 'main().catch((error: unknown) => {', '  console.error(error);', '  process.exitCode = 1;', '});', ''].join('\n');
}

/**
 * The packed tarball, installed into fresh projects the way a user installs it, each with its own
 * `@hiero-ledger/sdk`. Installs prefer npm's cache (filled by `npm ci`), so they reach the registry
 * only for what the cache lacks, such as the older SDK.
 */
describe('the packed package in fresh consumer projects', function () {
  this.timeout(600_000);
  let work: string;
  let tarball: string;
  const consumers: Record<'tsCjs' | 'tsEsm' | 'jsEsm', Consumer> = {} as never;

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'agent-hooks-consumers-'));
    // npm test has just built dist/; --ignore-scripts skips prepack's second build.
    const packed = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], { cwd: ROOT });
    tarball = path.join(work, packed.stdout.trim().split('\n').pop()!);
    const make = (label: string, type: 'module' | 'commonjs', deps: string[]) => {
      const dir = path.join(work, label);
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `consumer-${label}`, version: '1.0.0', private: true, type }, null, 2));
      const install = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball, ...deps], { cwd: dir });
      return { consumer: { dir, label }, install };
    };
    const types = `@types/node@${devVersionOf('@types/node')}`;
    // tsx runs the README samples as README says (`npx tsx agent.mts`), and the quick start as CommonJS TypeScript.
    const tsx = `tsx@${devVersionOf('tsx')}`;
    const tsCjs = make('ts-cjs', 'commonjs', [`@hiero-ledger/sdk@${CURRENT_SDK}`, `zod@${devVersionOf('zod')}`, types, tsx]);
    const tsEsm = make('ts-esm', 'module', [
      `@hiero-ledger/sdk@${CURRENT_SDK}`,
      `zod@${devVersionOf('zod')}`,
      types,
      tsx,
      `tsyringe@${devVersionOf('tsyringe')}`,
      `@langchain/core@${devVersionOf('@langchain/core')}`,
      `ai@${devVersionOf('ai')}`,
      // The per-user samples drive each framework's own client or runner.
      `@modelcontextprotocol/sdk@${devVersionOf('@modelcontextprotocol/sdk')}`,
      `@openai/agents@${devVersionOf('@openai/agents')}`,
      `@hashgraph/hedera-agent-kit@${devVersionOf('@hashgraph/hedera-agent-kit')}`,
      // The telemetry sample traces with the OpenTelemetry SDK, as a user who turns telemetry on does.
      `@opentelemetry/api@${devVersionOf('@opentelemetry/api')}`,
      `@opentelemetry/sdk-trace-base@${devVersionOf('@opentelemetry/sdk-trace-base')}`,
      // The metrics sample serves Prometheus text from the SDK's MeterProvider.
      `@opentelemetry/sdk-metrics@${devVersionOf('@opentelemetry/sdk-metrics')}`,
      `@opentelemetry/exporter-prometheus@${devVersionOf('@opentelemetry/exporter-prometheus')}`,
    ]);
    const jsEsm = make('js-esm', 'module', [`@hiero-ledger/sdk@${OLDER_SDK}`, `zod@${devVersionOf('zod')}`]);
    await Promise.all([tsCjs.install, tsEsm.install, jsEsm.install]);
    Object.assign(consumers, { tsCjs: tsCjs.consumer, tsEsm: tsEsm.consumer, jsEsm: jsEsm.consumer });

    copyFileSync(path.join(FIXTURES, 'app-main.ts'), path.join(consumers.tsCjs.dir, 'main.ts'));
    prepareCjsConsumer(consumers.tsCjs.dir);
    copyFileSync(path.join(FIXTURES, 'app-main.mjs'), path.join(consumers.jsEsm.dir, 'main.mjs'));
    prepareEsmConsumer(consumers.tsEsm.dir);
    await Promise.all([compile(consumers.tsCjs), compile(consumers.tsEsm)]);
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  function prepareEsmConsumer(dir: string): void {
    copyFileSync(path.join(FIXTURES, 'app-main.ts'), path.join(dir, 'main.ts'));
    for (const file of ['tsconfig.json', 'examples-main.ts']) copyFileSync(path.join(FIXTURES, 'ts-esm', file), path.join(dir, file));
    mkdirSync(path.join(dir, 'examples'));
    for (const file of readdirSync(path.join(ROOT, 'docs/examples')).filter((name) => name.endsWith('.ts'))) {
      copyFileSync(path.join(ROOT, 'docs/examples', file), path.join(dir, 'examples', file));
    }
    // README's samples as they are: each is a whole program, nothing is added before or after it.
    mkdirSync(path.join(dir, 'readme'));
    for (const file of readdirSync(README_SAMPLES).filter((name) => name.endsWith('.mts'))) {
      if (!README_RUNS[file]) throw new Error(`docs/examples/readme/${file} is new: say in README_RUNS what its run should show`);
      copyFileSync(path.join(README_SAMPLES, file), path.join(dir, 'readme', file));
    }
  }

  /**
   * The CommonJS app: its main.ts, and README's quick start as quick-start.ts, CommonJS in this
   * package (type commonjs), compiled with it to out/quick-start.js. (A .cts entry would do as well
   * for tsc, but tsx 4 on Node 20 fails to load pino's CommonJS under one, whatever the entry imports.)
   */
  function prepareCjsConsumer(dir: string): void {
    const tsconfig = JSON.parse(readFileSync(path.join(FIXTURES, 'ts-cjs/tsconfig.json'), 'utf8')) as { include: string[] };
    tsconfig.include.push('quick-start.ts');
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    writeFileSync(path.join(dir, 'quick-start.ts'), asCommonJs(readFileSync(path.join(README_SAMPLES, 'quick-start.mts'), 'utf8')));
  }

  async function compile(consumer: Consumer): Promise<void> {
    try {
      await run(process.execPath, [TSC, '-p', path.join(consumer.dir, 'tsconfig.json')], { cwd: consumer.dir });
    } catch (error) {
      throw new Error(`the ${consumer.label} consumer does not compile:\n${String((error as { stdout?: string }).stdout ?? error)}`);
    }
  }

  /**
   * What `node file` prints (or the file run through `loader`), run as a reader runs it: no HEDERA_
   * variables, so on an embedded devnet.
   */
  async function runOutput(consumer: Consumer, file: string, loader: Loader = NODE): Promise<string> {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HEDERA_')));
    try {
      return (await run(process.execPath, [...loader.args(consumer.dir), file], { cwd: consumer.dir, timeout: 120_000, env })).stdout;
    } catch (error) {
      const { stdout: out, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`${consumer.label}: ${loader.label} ${file} failed:\n${stderr ?? ''}${out ?? ''}`);
    }
  }

  /**
   * What README's samples print run through tsx's command, as README says (`npx tsx agent.mts`):
   * all queued when the first is asked for and run two at a time (each starts its own devnet), so
   * the tests that read them wait less.
   */
  const tsxRuns = new Map<string, Promise<string>>();
  function tsxOutput(sample: string): Promise<string> {
    if (!tsxRuns.size) {
      const twoAtATime = limitedTo(2);
      for (const file of Object.keys(README_RUNS)) {
        const output = twoAtATime(() => runOutput(consumers.tsEsm, `readme/${file}`, TSX_CLI));
        // Read by its own test; a failure is reported there, not as an unhandled rejection first.
        output.catch(() => undefined);
        tsxRuns.set(file, output);
      }
    }
    return tsxRuns.get(sample)!;
  }

  async function runJson(consumer: Consumer, file: string): Promise<Record<string, any>> {
    const last = (await runOutput(consumer, file)).trim().split('\n').pop()!;
    return JSON.parse(last) as Record<string, any>;
  }

  /** What out/main.js reports, run once per consumer and read by each test that checks part of it. */
  const mainReports = new Map<Consumer, Promise<Record<string, any>>>();
  function mainReportOf(consumer: Consumer): Promise<Record<string, any>> {
    if (!mainReports.has(consumer)) mainReports.set(consumer, runJson(consumer, 'out/main.js'));
    return mainReports.get(consumer)!;
  }

  /** The tools entry as the app required or imported it: the main entry's classes, and strict input that refuses. */
  function expectToolsEntry(report: Record<string, any>): void {
    expect(report.toolsEntry).to.deep.equal({ sameBaseTool: true, refusesUnknownField: true });
  }

  /** A core transfer and a tool built with the app's SDK import, each moving HBAR exactly once. */
  function expectBothPaidOnce(report: Record<string, any>): void {
    expect(report.core.status, JSON.stringify(report.core)).to.equal('SUCCESS');
    expect(report.custom.status, JSON.stringify(report.custom)).to.equal('SUCCESS');
    expect(report.custom.submitted).to.equal(true);
    expect(report.custom.transactionId).to.be.a('string');
    expect(report.balances).to.deep.equal({ core: '100000000', custom: '250000000' });
  }

  describe('when a CommonJS TypeScript app uses it', () => {
    it('runs a core transfer and the app tool with the app client, each paying once', async () => {
      expectBothPaidOnce(await mainReportOf(consumers.tsCjs));
    });

    it('requires hedera-agent-hooks/tools, typed, with the main entry classes', async () => {
      expectToolsEntry(await mainReportOf(consumers.tsCjs));
    });

    it("installs no second copy of the SDK's gRPC and protobuf libraries", () => {
      expectSdkWireLibrariesOnce(consumers.tsCjs);
    });

    it("runs README's quick start, compiled to CommonJS", async () => {
      README_RUNS['quick-start.mts']!(await runOutput(consumers.tsCjs, 'out/quick-start.js'));
    });

    it("runs README's quick start as CommonJS TypeScript under tsx", async () => {
      README_RUNS['quick-start.mts']!(await runOutput(consumers.tsCjs, 'quick-start.ts', TSX_CLI));
    });
  });

  describe('when an ES-module TypeScript app (module NodeNext) uses it', () => {
    it('runs a core transfer and the app tool with the app client, each paying once', async () => {
      expectBothPaidOnce(await mainReportOf(consumers.tsEsm));
    });

    it('imports hedera-agent-hooks/tools, typed, with the main entry classes', async () => {
      expectToolsEntry(await mainReportOf(consumers.tsEsm));
    });

    it('runs every docs/examples file', async () => {
      const report = await runJson(consumers.tsEsm, 'out/examples-main.js');
      expect(report.guarded).to.deep.equal({ sent: 'SUCCESS', refused: { policy: 'Reject Tool Call', stage: 'preToolExecution' }, problems: [], entries: 2 });
      expect(report.session).to.deep.equal({ problems: [], entries: 1 });
      expect(report.invoice).to.deep.equal({
        paid: 'SUCCESS',
        large: { policy: 'InvoiceGuards.limitInvoiceTotal', stage: 'postParamsNormalization', reason: 'invoice INV-2 exceeds 10 ℏ' },
        payee: '200000000',
      });
      expect(report.templates).to.deep.equal({
        toDenied: { policy: 'Business Hours Policy', stage: 'postParamsNormalization', reason: 'a recipient is on the deny list' },
        toAllowed: 'SUCCESS',
        allowed: '200000000',
        counts: { 'transfer_hbar_tool:blocked': 1, 'transfer_hbar_tool:SUCCESS': 1 },
      });
      expect(report.quota).to.deep.equal({ failed: 'ERROR', sent: 'SUCCESS', refused: { policy: 'Transfer Quota Policy', stage: 'preToolExecution' } });
      // docs/examples/tip-tool.ts imports only hedera-agent-hooks/tools, here from the packed package.
      expect(report.tip).to.deep.equal({ sent: 'SUCCESS', tipped: '50000000', refused: 'ERROR', named: true });
    });

    for (const [sample, check] of Object.entries(README_RUNS)) {
      it(`runs README's ${sample.replace('.mts', '')} sample as written`, async () => {
        check(await runOutput(consumers.tsEsm, `out/readme/${sample.replace('.mts', '.mjs')}`));
      });
    }

    // tsx's hooks compile what require() loads a second time, beside the ES modules the app imported:
    // the kit must neither load its core tools that way nor lose its set-up in such a copy.
    describe('run by tsx, as README says (npx tsx agent.mts)', () => {
      for (const [sample, check] of Object.entries(README_RUNS)) {
        it(`runs README's ${sample.replace('.mts', '')} sample`, async () => {
          check(await tsxOutput(sample));
        });
      }

      for (const loader of [IMPORT_TSX, IMPORT_TSX_ESM]) {
        it(`runs README's quick start under ${loader.label}`, async () => {
          README_RUNS['quick-start.mts']!(await runOutput(consumers.tsEsm, 'readme/quick-start.mts', loader));
        });
      }
    });
  });

  describe(`when a plain JavaScript ES-module app brings an older SDK (${OLDER_SDK})`, () => {
    it('runs a core transfer and the app tool with the app client, each paying once', async () => {
      const installed = JSON.parse(readFileSync(path.join(consumers.jsEsm.dir, 'node_modules/@hiero-ledger/sdk/package.json'), 'utf8')) as { version: string };
      expect(installed.version).to.equal(OLDER_SDK);
      const nested = path.join(consumers.jsEsm.dir, 'node_modules/hedera-agent-hooks/node_modules/@hiero-ledger/sdk');
      expect(existsSync(nested), 'npm gave the package the app SDK, not a copy of its own').to.equal(false);
      expectBothPaidOnce(await runJson(consumers.jsEsm, 'main.mjs'));
    });

    it("installs no second copy of that SDK's gRPC and protobuf libraries: the devnet runs on them", () => {
      expectSdkWireLibrariesOnce(consumers.jsEsm);
    });
  });
});
