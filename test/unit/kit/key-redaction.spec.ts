import { expect } from 'chai';
import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type PrivateKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { AbstractHook, AbstractPolicy, BaseTool, createAgentKit, type AgentKit, type Logger, type RawToolResult, type ToolResult } from '../../../src/index.js';
import type { AgentKitOptions } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { toJson } from '../../../src/lifecycle/to-json.js';
import { pluginOf } from '../../support/noop-tools.js';
import { KEY_KINDS, generateKey, keyText, leakedPieces, ordinaryText, publicForms, splitInTwo, type Encoded } from '../../support/key-encodings.js';

/**
 * Issue 11, point 3: the agent's own key, in any encoding, in any position, reaches no sink. Each
 * sink is fed by something other than the input (a tool that read it, a policy's reason, a hook's
 * failure), so the redaction of outputs is tested apart from the refusal of input, which is tested
 * as well. The kit is built from a client with a known key, as an application builds it.
 */

/** What the sinks are fed with in the current run. */
const leak = { text: '' };

class LeakyResultTool extends BaseTool<Record<string, never>, Record<string, never>, { note: string }> {
  method = 'leaky_result_tool';
  name = 'Leaky result';
  description = 'Returns text it read somewhere.';
  parameters = z.object({}).strict();
  normalizeParams() { return {}; }
  coreAction() { return { note: leak.text, nested: [{ again: leak.text }] }; }
  override describeResult() { return `Read: ${leak.text}`; }
}

/** An SDK-like value (a record, an info object) whose string form carries what it read. */
class Rendered {
  constructor(private readonly text: string) {}
  toString() { return `Rendered(${this.text})`; }
}

/** Returns a class instance: kit.run renders it, so the rendering must be redacted too. */
class LeakyRenderedTool extends BaseTool {
  method = 'leaky_rendered_tool';
  name = 'Leaky rendered';
  description = 'Returns an object that renders what it read.';
  parameters = z.object({}).strict();
  normalizeParams() { return {}; }
  coreAction() { return { info: new Rendered(leak.text) }; }
}

class LeakyErrorTool extends BaseTool {
  method = 'leaky_error_tool';
  name = 'Leaky error';
  description = 'Fails, quoting what it read.';
  parameters = z.object({}).strict();
  normalizeParams() { return {}; }
  coreAction(): never { throw new Error(`could not read ${leak.text}`); }
}

class BlockedTool extends BaseTool {
  method = 'blocked_tool';
  name = 'Blocked';
  description = 'Always blocked by a policy that explains itself with what it saw.';
  parameters = z.object({}).strict();
  normalizeParams() { return {}; }
  coreAction() { return {}; }
}

/** A third-party tool with free-text fields and no key checks of its own. */
class FreeTextTool extends BaseTool<{ memo: string; note?: string }> {
  method = 'free_text_tool';
  name = 'Free text';
  description = 'Echoes a memo.';
  parameters = z.object({ memo: z.string(), note: z.string().optional() }).strict();
  built = 0;
  normalizeParams(params: { memo: string; note?: string }) { return params; }
  coreAction(params: { memo: string; note?: string }) { this.built++; return { memo: params.memo, note: params.note }; }
  override describeResult(raw: RawToolResult) { return `Echoed ${toJson(raw.data)}`; }
}

class ExplainingPolicy extends AbstractPolicy {
  override name = 'Explaining policy';
  override relevantTools = ['blocked_tool'];
  protected override shouldBlockPreToolExecution() { return true; }
  override explainBlock() { return `saw ${leak.text}`; }
}

class FailingAfterHook extends AbstractHook {
  override relevantTools = ['leaky_result_tool'];
  override async postToolExecutionHook() { throw new Error(`hook choked on ${leak.text}`); }
}

interface Sinks {
  kit: AgentKit;
  freeText: FreeTextTool;
  lines: string[];
  journalDir: string;
  journalRead: number;
}

function clientWith(key: PrivateKey): Client {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false });
  client.setOperator('0.0.2', key);
  return client;
}

async function sinksFor(client: Client, extra: Partial<AgentKitOptions>): Promise<Sinks> {
  const lines: string[] = [];
  const record = (fields: Record<string, unknown>, message: string) => { lines.push(`${message} ${toJson(fields)}`); };
  const logger: Logger = { debug: record, warn: record, error: record };
  const journalDir = mkdtempSync(join(tmpdir(), 'key-sinks-'));
  const freeText = new FreeTextTool();
  const kit = await createAgentKit({
    client,
    pluginsDir: null,
    plugins: [pluginOf('leaky', new LeakyResultTool(), new LeakyRenderedTool(), new LeakyErrorTool(), new BlockedTool(), freeText)],
    hooks: [new ExplainingPolicy(), new FailingAfterHook(), new HcsAuditTrailHook(['*'], '0.0.999', undefined, { journalDir, deliver: false })],
    logger,
    ...extra,
  });
  return { kit, freeText, lines, journalDir, journalRead: 0 };
}

/** What the journal gained since the last read: the file as written, not as parsed. */
function newJournalText(sinks: Sinks): string {
  // Files only: the journal's lock is a folder beside it.
  const files = readdirSync(sinks.journalDir, { withFileTypes: true }).filter((entry) => entry.isFile());
  const text = files.map((file) => readFileSync(join(sinks.journalDir, file.name), 'utf8')).join('\n');
  const fresh = text.slice(sinks.journalRead);
  sinks.journalRead = text.length;
  return fresh;
}

/** The sinks a run feeds; each gets its own property, so a failure names the sink. */
const SINKS = ['a result\'s raw fields', 'humanMessage', 'errors', 'warnings', 'block reasons', 'results as JSON (kit.run)', 'logs', 'the audit journal file'] as const;
type Sink = (typeof SINKS)[number];

/** Runs every leaky tool with `leak.text` set and returns each sink's text for this run. */
async function feedEverySink(sinks: Sinks, text: string): Promise<Record<Sink, string>> {
  leak.text = text;
  const linesBefore = sinks.lines.length;
  const results: ToolResult[] = [];
  const json: string[] = [];
  for (const tool of ['leaky_result_tool', 'leaky_error_tool', 'blocked_tool']) {
    results.push(await sinks.kit.execute(tool, {}));
    json.push(await sinks.kit.run(tool, {}));
  }
  json.push(await sinks.kit.run('leaky_rendered_tool', {}));
  const [read, failed, blocked] = results as [ToolResult, ToolResult, ToolResult];
  expect(read.raw.status).to.equal('SUCCESS');
  expect(read.raw.warnings, 'the failing hook left a warning').to.have.length(1);
  expect(failed.raw.status).to.equal('ERROR');
  expect(blocked.raw.errorCode).to.equal('E_POLICY_BLOCKED');
  const { warnings, ...raw } = read.raw;
  return {
    "a result's raw fields": toJson(raw),
    humanMessage: results.map((result) => result.humanMessage).join('\n'),
    errors: toJson(failed),
    warnings: toJson(warnings),
    'block reasons': toJson(blocked),
    'results as JSON (kit.run)': json.join('\n'),
    logs: sinks.lines.slice(linesBefore).join('\n'),
    'the audit journal file': newJournalText(sinks),
  };
}

function expectNoLeak(places: Record<string, string>, encoded: Pick<Encoded, 'secret' | 'alphabet' | 'encoding'>, key: PrivateKey, where: string): void {
  for (const [sink, text] of Object.entries(places)) {
    expect(leakedPieces(text, encoded, key), `${encoded.encoding} ${where} leaked into ${sink}`).to.deep.equal([]);
  }
}

async function closeSinks(sinks: Sinks): Promise<void> {
  await sinks.kit.close();
  rmSync(sinks.journalDir, { recursive: true, force: true });
}

describe('kit key redaction', () => {
  for (const kind of KEY_KINDS) {
    describe(`when the operator key is ${kind} and the kit is given it`, () => {
      const key = generateKey(kind);
      const client = clientWith(key);
      let sinks: Sinks;
      before(async () => { sinks = await sinksFor(client, { secretKeys: [key] } as Partial<AgentKitOptions>); });
      after(async () => { await closeSinks(sinks); client.close(); });

      for (const sink of SINKS) {
        it(`no encoding, piece or position of it reaches ${sink}`, async () => {
          await fc.assert(fc.asyncProperty(keyText(key, { pieces: true }), async (sent) => {
            const places = await feedEverySink(sinks, sent.placed);
            expectNoLeak({ [sink]: places[sink] }, sent, key, `(${sent.position})`);
          }), { numRuns: 40 });
        });
      }

      it('refuses it in any free-text input field before anything is built, naming the field and not echoing it', async () => {
        await fc.assert(fc.asyncProperty(keyText(key, { pieces: true }), async (sent) => {
          const built = sinks.freeText.built;
          const result = await sinks.kit.execute('free_text_tool', { memo: sent.placed });
          expect(result.raw.errorCode, `${sent.encoding} (${sent.position}) was accepted`).to.equal('E_INVALID_PARAMS');
          expect(result.raw.stage).to.equal('normalizeParams');
          expect((result.raw.issues as string[]).join(' ')).to.match(/^memo: must not contain a private key/);
          expect(sinks.freeText.built, 'nothing was built').to.equal(built);
          expectNoLeak({ result: toJson(result), 'the audit journal file': newJournalText(sinks) }, sent, key, `(${sent.position})`);
        }), { numRuns: 60 });
      });

      it('refuses it split across two fields, naming both, and journals neither half', async () => {
        await fc.assert(fc.asyncProperty(keyText(key, { pieces: false }), async (sent) => {
          const [first, second] = splitInTwo(sent);
          const result = await sinks.kit.execute('free_text_tool', { memo: `part 1: ${first}`, note: `${second} (part 2)` });
          expect(result.raw.errorCode, `${sent.encoding} split in two was accepted`).to.equal('E_INVALID_PARAMS');
          const issues = (result.raw.issues as string[]).join(' | ');
          expect(issues).to.match(/memo: must not contain a private key/).and.to.match(/note: must not contain a private key/);
          expectNoLeak({ result: toJson(result), 'the audit journal file': newJournalText(sinks) }, sent, key, 'split in two');
        }), { numRuns: 30 });
      });

      it('keeps ordinary text whole: account and transaction IDs, public keys (its own too), hashes, short hex', async () => {
        const publicKeys = [...publicForms(key), ...publicForms(generateKey('ED25519')), ...publicForms(generateKey('ECDSA'))];
        await fc.assert(fc.asyncProperty(ordinaryText(publicKeys), async (text) => {
          leak.text = text;
          const read = await sinks.kit.execute('leaky_result_tool', {});
          expect((read.raw.data as { note: string }).note).to.equal(text);
          expect(read.humanMessage).to.equal(`Read: ${text}`);
          const echoed = await sinks.kit.execute('free_text_tool', { memo: text });
          expect(echoed.raw.status, echoed.humanMessage).to.equal('SUCCESS');
          expect((echoed.raw.data as { memo: string }).memo).to.equal(text);
          expect(newJournalText(sinks)).to.contain(JSON.stringify(text).slice(1, -1));
        }), { numRuns: 40 });
      });
    });

    describe(`when the operator key is ${kind} and the kit has only the client`, () => {
      const key = generateKey(kind);
      const client = clientWith(key);
      let sinks: Sinks;
      before(async () => { sinks = await sinksFor(client, {}); });
      after(async () => { await closeSinks(sinks); client.close(); });

      it("recognises the whole key by the client's public key in every encoding and position, in every sink and input", async () => {
        await fc.assert(fc.asyncProperty(keyText(key, { pieces: false }), async (sent) => {
          expectNoLeak(await feedEverySink(sinks, sent.placed), sent, key, `(${sent.position})`);
          const refused = await sinks.kit.execute('free_text_tool', { memo: sent.placed });
          expect(refused.raw.errorCode, `${sent.encoding} (${sent.position}) was accepted`).to.equal('E_INVALID_PARAMS');
        }), { numRuns: 40 });
      });
    });
  }
});
