import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as cjsSdk from '@hiero-ledger/sdk';
import * as cjs from '../../../src/index.js';
import * as cjsHooks from '../../../src/hooks/index.js';
import * as cjsPolicies from '../../../src/policies/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { callEntries, type AnyAuditEntry } from '../../../src/audit/entries/audit-entry.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { openOtelWorld, type OtelWorld } from '../../support/otel-world.js';

const root = path.resolve(__dirname, '../../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string };
/** `import()` through a variable: the ES-module build exists only after this spec was compiled. */
const importEsm = <T>(specifier: string): Promise<T> => import(specifier) as Promise<T>;
type Build = { kit: typeof cjs; hooks: typeof cjsHooks; policies: typeof cjsPolicies; client: () => cjsSdk.Client };
const TOPIC = '0.0.4343';

describe("a kit of one build audited by a hook of the other (the call's record on its events)", function () {
  this.timeout(60_000);
  type EsmDevnet = typeof import('../../../src/devnet/index.js');
  let net: Awaited<ReturnType<EsmDevnet['startDevnet']>>;
  let builds: { require: Build; import: Build };
  let bob: string;
  const folders: string[] = [];
  const clients: cjsSdk.Client[] = [];
  let otel: OtelWorld;
  beforeEach(() => (otel = openOtelWorld()));
  afterEach(async () => otel.close());

  before(async () => {
    net = await (await importEsm<EsmDevnet>(`${pkg.name}/devnet`)).startDevnet();
    bob = (await net.createAccount({ hbar: 0 })).accountId;
    const operatorDer = net.operatorKey.toStringDer();
    builds = {
      // The CommonJS kit gets a client of the CommonJS SDK on the same devnet, as a CommonJS app would make.
      require: { kit: cjs, hooks: cjsHooks, policies: cjsPolicies, client: () => createDevnetClient(net.grpcAddress, net.operatorId, cjsSdk.PrivateKey.fromStringDer(operatorDer)) },
      import: {
        kit: await importEsm<typeof cjs>(pkg.name),
        hooks: await importEsm<typeof cjsHooks>(`${pkg.name}/hooks`),
        policies: await importEsm<typeof cjsPolicies>(`${pkg.name}/policies`),
        client: () => net.client() as unknown as cjsSdk.Client,
      },
    };
  });
  after(async () => {
    for (const client of clients.splice(0)) client.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
    await net?.stop();
  });

  for (const [kitBuild, hookBuild] of [['import', 'require'], ['require', 'import']] as const) {
    describe(`when a kit of the ${kitBuild === 'import' ? 'ES-module' : 'CommonJS'} build runs the ${hookBuild === 'import' ? 'ES-module' : 'CommonJS'} build's HcsAuditTrailHook`, () => {
      it("journals the would-block of its report-mode policy and the approval request that let the call run, and the call's span names the entry", async () => {
        const { kit: kitPackage, policies, client: clientOf } = builds[kitBuild];
        const journalDir = mkdtempSync(path.join(tmpdir(), 'call-record-builds-'));
        folders.push(journalDir);
        const client = clientOf();
        clients.push(client);
        const asked: string[] = [];
        const hook = new builds[hookBuild].hooks.HcsAuditTrailHook(['transfer_hbar_tool'], TOPIC, undefined, { journalDir, deliver: false });
        const kit = await kitPackage.createAgentKit({
          client,
          mirrorNodeUrl: net.mirrorUrl,
          tools: ['transfer_hbar_tool'],
          telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider },
          context: {
            hooks: [hook, kitPackage.reportOnly(new policies.MaxTransferPolicy({ hbar: 2 })), new policies.ApprovalPolicy({ when: { hbarAbove: 1 }, approver: (request) => (asked.push(request.id!), true) })],
          },
        });
        const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: bob, amount: 3 }] });
        await kit.close();

        expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
        expect(asked).to.have.length(1);
        const [entry] = callEntries(readJournalSnapshot(path.join(journalDir, `hcs-${TOPIC}.jsonl`))!.entries as AnyAuditEntry[]);
        expect(entry).to.include({ tool: 'transfer_hbar_tool', outcome: 'executed', transactionId: result.raw.transactionId, approvalRequestId: asked[0] });
        expect(otel.span('execute_tool transfer_hbar_tool').attributes['hedera_agent_hooks.audit.entry_id'], 'the span of the call names its entry').to.equal(entry!.id);
        expect(entry!.wouldBlock).to.deep.equal([{ policy: 'Max Transfer Policy', stage: 'postParamsNormalization', reason: `transfer_hbar_tool moves 3 HBAR (300000000 tinybars) in this call, to ${bob}; the cap is 2 HBAR per call` }]);
      });
    });
  }
});
