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
const MARKER = '// ---- README.md sample (verbatim below this line) ----\n';

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
 * What each README sample needs after it to show what it did: the sample's own variables are in
 * scope, and `report` (from the fixture) prints them and shuts the devnet down.
 */
const README_EPILOGUES: Record<string, string> = {
  'hooks-and-policies.mts': `await report({ status: result.raw.status, transactionId: result.raw.transactionId }, kit);`,
  'decorators.mts': [
    `const big = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 20 }] });`,
    `const small = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 1 }] });`,
    `await report({ big: big.raw.blockedBy, small: small.raw.status }, kit);`,
  ].join('\n'),
  'devnet.mts': `process.stdout.write(JSON.stringify({ accountId, privateKeyKind: typeof privateKey.toStringDer }) + '\\n');`,
  'langchain.mts': [
    `const message = await tools[0]!.invoke({ type: 'tool_call', id: 'call-1', name: 'transfer_hbar_tool', args: { transfers: [{ accountId: '0.0.98', amount: 1 }] } });`,
    `await report({ agent: typeof agent, tools: tools.map((tool) => tool.name), status: message.artifact.raw.status, sentence: typeof message.content }, kit);`,
  ].join('\n'),
  'ai-sdk.mts': `await report({ tools: Object.keys(tools), status: paid?.output.raw.status, text }, kit);`,
  'coming-from-kit.mts': [
    `const wide = await kit.execute('transfer_hbar_tool', { transfers: ['0.0.98', '0.0.800', '0.0.801', '0.0.802', '0.0.803', '0.0.2'].map((accountId) => ({ accountId, amount: 1 })) });`,
    `const sent = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 1 }] });`,
    `await report({ wide: wide.raw.blockedBy, sent: sent.raw.status, message: sent.humanMessage.split('\\n')[0] }, kit);`,
  ].join('\n'),
  // Run with a pipe for stdin: the terminal approver has nobody to ask, so over 100 HBAR is refused.
  'approval-policy.mts': [
    `const big = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 150 }] });`,
    `const small = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 1 }] });`,
    `await report({ big: big.raw.blockedBy, small: small.raw.status }, kit);`,
  ].join('\n'),
  'langchain-configuration.mts': [
    `const message = await tools[0]!.invoke({ type: 'tool_call', id: 'call-1', name: 'transfer_hbar_tool', args: { transfers: [{ accountId: '0.0.98', amount: 1 }] } });`,
    `await report({ tools: tools.map((tool) => tool.name), status: message.artifact.raw.status }, toolkit.kit);`,
  ].join('\n'),
  'value-policies.mts': `await report({ refused: refused.raw.blockedBy }, kit);`,
  'composition.mts': `await report({ toDesk: toDesk.raw.status, elsewhere: elsewhere.raw.blockedBy?.policy }, kit);`,
};

interface Consumer {
  dir: string;
  label: string;
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
    const tsCjs = make('ts-cjs', 'commonjs', [`@hiero-ledger/sdk@${CURRENT_SDK}`, `zod@${devVersionOf('zod')}`, types]);
    const tsEsm = make('ts-esm', 'module', [
      `@hiero-ledger/sdk@${CURRENT_SDK}`,
      `zod@${devVersionOf('zod')}`,
      types,
      `tsyringe@${devVersionOf('tsyringe')}`,
      `@langchain/core@${devVersionOf('@langchain/core')}`,
      `ai@${devVersionOf('ai')}`,
      `@hashgraph/hedera-agent-kit@${devVersionOf('@hashgraph/hedera-agent-kit')}`,
    ]);
    const jsEsm = make('js-esm', 'module', [`@hiero-ledger/sdk@${OLDER_SDK}`, `zod@${devVersionOf('zod')}`]);
    await Promise.all([tsCjs.install, tsEsm.install, jsEsm.install]);
    Object.assign(consumers, { tsCjs: tsCjs.consumer, tsEsm: tsEsm.consumer, jsEsm: jsEsm.consumer });

    copyFileSync(path.join(FIXTURES, 'app-main.ts'), path.join(consumers.tsCjs.dir, 'main.ts'));
    copyFileSync(path.join(FIXTURES, 'ts-cjs/tsconfig.json'), path.join(consumers.tsCjs.dir, 'tsconfig.json'));
    copyFileSync(path.join(FIXTURES, 'app-main.mjs'), path.join(consumers.jsEsm.dir, 'main.mjs'));
    prepareEsmConsumer(consumers.tsEsm.dir);
    await Promise.all([compile(consumers.tsCjs), compile(consumers.tsEsm)]);
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  function prepareEsmConsumer(dir: string): void {
    copyFileSync(path.join(FIXTURES, 'app-main.ts'), path.join(dir, 'main.ts'));
    for (const file of ['tsconfig.json', 'examples-main.ts', 'readme-fixture.ts']) copyFileSync(path.join(FIXTURES, 'ts-esm', file), path.join(dir, file));
    mkdirSync(path.join(dir, 'examples'));
    for (const file of readdirSync(path.join(ROOT, 'docs/examples')).filter((name) => name.endsWith('.ts'))) {
      copyFileSync(path.join(ROOT, 'docs/examples', file), path.join(dir, 'examples', file));
    }
    mkdirSync(path.join(dir, 'readme'));
    for (const file of readdirSync(README_SAMPLES).filter((name) => name.endsWith('.mts'))) {
      writeFileSync(path.join(dir, 'readme', file), runnableSample(file));
    }
  }

  /** The sample as README shows it, with the fixture's real values in place of its `declare` lines. */
  function runnableSample(file: string): string {
    const text = readFileSync(path.join(README_SAMPLES, file), 'utf8');
    const at = text.indexOf(MARKER);
    if (at < 0) throw new Error(`docs/examples/readme/${file} has no marker line`);
    const declared = [...text.slice(0, at).matchAll(/^declare (?:const|function) (\w+)/gm)].map((match) => match[1]!);
    const epilogue = README_EPILOGUES[file];
    if (!epilogue) throw new Error(`docs/examples/readme/${file} is new: say in README_EPILOGUES what its run should show`);
    const fromFixture = [...declared, ...(epilogue.includes('report(') ? ['report'] : [])];
    const header = fromFixture.length ? `import { ${fromFixture.join(', ')} } from '../readme-fixture.js';\n` : '';
    return `${header}${text.slice(at + MARKER.length)}\n${epilogue}\n`;
  }

  async function compile(consumer: Consumer): Promise<void> {
    try {
      await run(process.execPath, [TSC, '-p', path.join(consumer.dir, 'tsconfig.json')], { cwd: consumer.dir });
    } catch (error) {
      throw new Error(`the ${consumer.label} consumer does not compile:\n${String((error as { stdout?: string }).stdout ?? error)}`);
    }
  }

  async function runJson(consumer: Consumer, file: string): Promise<Record<string, any>> {
    let stdout: string;
    try {
      ({ stdout } = await run(process.execPath, [file], { cwd: consumer.dir, timeout: 120_000 }));
    } catch (error) {
      const { stdout: out, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`${consumer.label}: node ${file} failed:\n${stderr ?? ''}${out ?? ''}`);
    }
    const last = stdout.trim().split('\n').pop()!;
    return JSON.parse(last) as Record<string, any>;
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
      expectBothPaidOnce(await runJson(consumers.tsCjs, 'out/main.js'));
    });
  });

  describe('when an ES-module TypeScript app (module NodeNext) uses it', () => {
    it('runs a core transfer and the app tool with the app client, each paying once', async () => {
      expectBothPaidOnce(await runJson(consumers.tsEsm, 'out/main.js'));
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
    });

    for (const sample of Object.keys(README_EPILOGUES)) {
      it(`runs README's ${sample.replace('.mts', '')} sample as written`, async () => {
        const report = await runJson(consumers.tsEsm, `out/readme/${sample.replace('.mts', '.mjs')}`);
        if (sample === 'hooks-and-policies.mts') expect(report).to.include({ status: 'SUCCESS' });
        if (sample === 'decorators.mts') expect(report).to.deep.equal({ big: { policy: 'TransferGuard.smallOnly', stage: 'postParamsNormalization', reason: 'transfers above 10 HBAR need a human' }, small: 'SUCCESS' });
        if (sample === 'devnet.mts') expect(report).to.deep.equal({ accountId: '0.0.1001', privateKeyKind: 'function' });
        if (sample === 'langchain.mts') expect(report).to.deep.equal({ agent: 'object', tools: ['transfer_hbar_tool'], status: 'SUCCESS', sentence: 'string' });
        if (sample === 'ai-sdk.mts') expect(report).to.deep.equal({ tools: ['transfer_hbar_tool'], status: 'SUCCESS', text: 'Sent.' });
        if (sample === 'coming-from-kit.mts') {
          expect(report).to.deep.equal({ wide: { policy: 'Max Recipients Policy', stage: 'postParamsNormalization' }, sent: 'SUCCESS', message: 'HBAR successfully transferred.' });
        }
        if (sample === 'langchain-configuration.mts') expect(report).to.deep.equal({ tools: ['transfer_hbar_tool'], status: 'SUCCESS' });
        if (sample === 'approval-policy.mts') {
          expect(report.small).to.equal('SUCCESS');
          expect(report.big).to.deep.include({ policy: 'Approval Policy', stage: 'postParamsNormalization' });
          expect(report.big.reason).to.contain('there is no terminal (standard input is not a TTY)');
        }
        if (sample === 'value-policies.mts') {
          expect(report).to.deep.equal({
            refused: { policy: 'Max Transfer Policy', stage: 'postParamsNormalization', reason: 'transfer_hbar_tool moves 150 HBAR (15000000000 tinybars) in this call, to 0.0.98; the cap is 100 HBAR per call' },
          });
        }
        if (sample === 'composition.mts') {
          expect(report).to.deep.equal({ toDesk: 'SUCCESS', elsewhere: 'anyOf(Recipient Allowlist Policy, allOf(Max Transfer Policy, Recipient Denylist Policy))' });
        }
      });
    }
  });

  describe(`when a plain JavaScript ES-module app brings an older SDK (${OLDER_SDK})`, () => {
    it('runs a core transfer and the app tool with the app client, each paying once', async () => {
      const installed = JSON.parse(readFileSync(path.join(consumers.jsEsm.dir, 'node_modules/@hiero-ledger/sdk/package.json'), 'utf8')) as { version: string };
      expect(installed.version).to.equal(OLDER_SDK);
      const nested = path.join(consumers.jsEsm.dir, 'node_modules/hedera-agent-hooks/node_modules/@hiero-ledger/sdk');
      expect(existsSync(nested), 'npm gave the package the app SDK, not a copy of its own').to.equal(false);
      expectBothPaidOnce(await runJson(consumers.jsEsm, 'main.mjs'));
    });
  });
});
