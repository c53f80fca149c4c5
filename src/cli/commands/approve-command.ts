import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { ConfigError } from '../../config/config-error.js';
import type { ApprovalStore } from '../../policies/approvals/approval-store.js';
import { approvalStorePlace, openApprovalStore } from '../../config/configured-approval-store.js';
import { signApproval } from '../../policies/approvals/approver-signature.js';
import type { ApprovalRecord } from '../../policies/approvals/approval-record.js';
import type { LedgerScheduleView } from '../../policies/approvals/ledger-schedule-check.js';
import { notSignable, signScheduledRequest } from '../../policies/approvals/schedule-signing.js';
import type { CommandContext } from '../command-context.js';
import { ExitCode } from '../exit-codes.js';
import type { RunAction } from '../run-action.js';
import { UsageError } from '../usage-error.js';
import { DecisionTrail, trailFailed, trailLine, type TrailAnswer } from './decision-trail.js';

/** The environment variable `--key env` reads the approver's private key from. */
export const APPROVER_KEY_ENV = 'AGENT_HOOKS_APPROVER_KEY';
/** No approval store named and no state file yet: nothing started from this configuration has kept a request. */
const noStateFile = (file: string) =>
  `approvals: the configuration names no approval store, and its state file ${file}, where kits started from it keep their state, does not exist yet, so it holds no request; ` +
  'start the agents first, or name the store their ApprovalPolicy uses: "approvals": { "store": { "sqlite": "path/to/state.sqlite" } } or { "store": { "redis": "redis://127.0.0.1:6379", "prefix": "…" } }';

/**
 * `agent-hooks approve <id> [--deny] [--reason …] [--key <file>|env] [--as <name>]`: shows a request of
 * the configuration's shared approval store and records one decision on it, signed over the
 * request digest when a key is given. The key is read, used and dropped: never printed or logged.
 */
export function registerApproveCommand(program: Command, run: RunAction): void {
  program
    .command('approve <id>')
    .description("decide on an approval request in the configuration's shared approval store: approve it (or --deny), signed with your key when --key is given")
    .option('--deny', 'deny the request instead of approving it')
    .option('-r, --reason <text>', 'why, in a sentence (kept with the decision)')
    .option('--key <file|env>', `sign with your ED25519 or ECDSA private key: a file holding it, or "env" for ${APPROVER_KEY_ENV}`)
    .option('--as <name>', 'who decides (default with --key: your public key)')
    .addHelpText(
      'after',
      '\nA request the ledger approves (ApprovalPolicy via: \'schedule\') is approved by signing its schedule: --key is required, and the ScheduleSign is paid by the configuration\'s operator.' +
        "\nWith audit hooks in the configuration, the decision is also an approvalDecision entry on their trail (the configuration's operator pays its delivery), as the agents record theirs." +
        '\nExit codes: 0 the decision was recorded, 3 it was refused (reason printed), 2 usage or configuration, 1 the store could not be reached, or the audit trail could not journal the decision (which stands; the message says so).',
    )
    .action((id: string, options: { deny?: boolean; reason?: string; key?: string; as?: string }, command: Command) =>
      run(command, async (ctx) => {
        const loaded = await ctx.loadConfig();
        // The store the configuration names, or its state file, where the agents' requests are by default.
        const place = approvalStorePlace(loaded.config, loaded.baseDir);
        const key = options.key === undefined ? undefined : readKey(ctx, options.key);
        if (!key && !options.as?.trim()) throw new UsageError('say who decides: --as <name>, or sign with --key <file> (or --key env)');
        const store = openApprovalStore(place);
        if (!store) throw new ConfigError(loaded.source, [noStateFile(place.kind === 'sqlite' ? place.file : '')]);
        let trail: DecisionTrail | undefined;
        try {
          const record = await store.get(id);
          if (!record) throw new UsageError(`there is no approval request ${id} in ${store.description}`);
          for (const line of describe(record)) ctx.output.line(line);
          trail = await DecisionTrail.open(ctx, loaded);
          if (record.schedule) return await decideOnSchedule(ctx, store, record, key, options, trail);
          const signed = key ? signApproval(record, key) : undefined;
          const approver = options.as?.trim() || signed!.publicKey;
          const outcome = await store.decide(id, {
            approver,
            approve: !options.deny,
            ...(options.reason ? { reason: options.reason } : {}),
            ...(signed ? { signature: signed.signature, publicKey: signed.publicKey } : {}),
            via: 'cli',
          });
          const decision = options.deny ? 'deny' : 'approve';
          if (!outcome.ok) {
            ctx.output.document({ recorded: false, requestId: id, decision, approver, reason: outcome.reason, ...(outcome.record ? { state: outcome.record.state } : {}) });
            ctx.output.line(`not recorded: ${outcome.reason}`);
            return ExitCode.BLOCKED;
          }
          const approvals = outcome.record.decisions.filter((each) => each.approve).length;
          const audit = await trail.recordDecision(outcome.record);
          ctx.output.document({ recorded: true, requestId: id, decision, approver, signed: Boolean(signed), ...(signed ? { publicKey: signed.publicKey, digest: signed.digest } : {}), state: outcome.record.state, approvals, required: outcome.record.quorum.required, ...auditFields(audit) });
          ctx.output.line(`recorded: ${approver} ${options.deny ? 'denied' : 'approved'}${signed ? ` (signed, ${signed.algorithm})` : ''}; the request is ${outcome.record.state} (${approvals} of ${outcome.record.quorum.required} approvals)`);
          ctx.output.line(`  ${trailLine(audit)}`);
          return trailFailed(audit) ? ExitCode.FAILED : ExitCode.OK;
        } finally {
          try {
            await trail?.close();
          } finally {
            await store.close();
          }
        }
      }),
    );
}

/**
 * A request the ledger approves: approving signs its schedule (ScheduleSign, paid by the
 * configuration's operator) and records the signed decision; denying records a signed denial, which
 * cannot unsign the schedule: it runs if enough others sign, or expires.
 */
async function decideOnSchedule(ctx: CommandContext, store: ApprovalStore, record: ApprovalRecord, key: string | undefined, options: { deny?: boolean; reason?: string; as?: string }, trail: DecisionTrail): Promise<ExitCode> {
  if (!key) throw new UsageError(`request ${record.id} is approved by the ledger: sign its schedule with your key, --key <file> (or --key env)`);
  const refusal = notSignable(record);
  if (refusal) {
    ctx.output.document({ recorded: false, requestId: record.id, decision: options.deny ? 'deny' : 'approve', reason: refusal, state: record.state });
    ctx.output.line(`not recorded: ${refusal}`);
    return ExitCode.BLOCKED;
  }
  if (options.deny) {
    const signed = signApproval(record, key);
    const outcome = await store.decide(record.id, { approver: options.as?.trim() || signed.publicKey, approve: false, signature: signed.signature, publicKey: signed.publicKey, via: 'cli', ...(options.reason ? { reason: options.reason } : {}) });
    const plainly = `a signature on the ledger cannot be withdrawn: schedule ${record.schedule!.scheduleId} still executes if enough other approvers sign it, and otherwise expires ${new Date(record.expiresAt).toISOString()} (only its admin key, if the call gave it one, can delete it sooner)`;
    const audit = outcome.ok ? await trail.recordDecision(outcome.record) : undefined;
    ctx.output.document({ recorded: outcome.ok, requestId: record.id, decision: 'deny', scheduleId: record.schedule!.scheduleId, ...(outcome.ok ? {} : { reason: outcome.reason }), note: plainly, ...(audit ? auditFields(audit) : {}) });
    ctx.output.line(outcome.ok ? `recorded: denied; ${plainly}` : `not recorded: ${outcome.reason}`);
    if (audit) ctx.output.line(`  ${trailLine(audit)}`);
    if (!outcome.ok) return ExitCode.BLOCKED;
    return audit && trailFailed(audit) ? ExitCode.FAILED : ExitCode.OK;
  }
  // The ScheduleSign is paid by the configuration's operator: the trail's kit when there is one.
  const configured = trail.configured ?? (await ctx.openKit());
  try {
    // What the approver reads of the schedule is decoded from the ledger's answer, printed before anything is signed.
    const onLedgerRead = (view: LedgerScheduleView) => {
      for (const line of view.lines) ctx.output.line(line);
    };
    const signing = await ctx.progress(
      `reading schedule ${record.schedule!.scheduleId} from the ledger and signing it`,
      signScheduledRequest(store, record.id, key, configured.client, { ...(options.as ? { as: options.as } : {}), ...(options.reason ? { reason: options.reason } : {}), via: 'cli', onLedgerRead }),
    );
    if (!signing.ok) {
      ctx.output.document({ recorded: false, requestId: record.id, decision: 'approve', reason: signing.reason, ...(signing.status ? { status: signing.status } : {}), ...(signing.ledger ? { ledger: ledgerFields(signing.ledger) } : {}) });
      ctx.output.line(`not signed: ${signing.reason}`);
      return ExitCode.BLOCKED;
    }
    const signatures = signing.record.decisions.filter((each) => each.approve).length;
    const audit: TrailAnswer = signing.recorded ? await trail.recordDecision(signing.record) : { audited: false, why: 'the decision was not recorded in the store', failed: false };
    ctx.output.document({ recorded: signing.recorded, requestId: record.id, decision: 'approve', scheduleId: signing.scheduleId, transactionId: signing.transactionId, status: signing.status, executed: signing.executed, approvals: signatures, required: record.quorum.required, ledger: ledgerFields(signing.ledger), ...(signing.note ? { note: signing.note } : {}), ...auditFields(audit) });
    const ran = signing.executed ? `the schedule has executed: the ledger ran ${record.tool}` : `the schedule has not executed yet (${signatures} of the approvers have signed through this store; the ledger needs its threshold)`;
    ctx.output.line(`signed schedule ${signing.scheduleId}: ScheduleSign ${signing.transactionId} ${signing.status}; ${ran}${signing.recorded ? '' : ` (the decision was not recorded: ${signing.note})`}`);
    if (signing.recorded) ctx.output.line(`  ${trailLine(audit)}`);
    // The signature is on the ledger whatever the trail says: exit 0, the trail's answer printed.
    return ExitCode.OK;
  } finally {
    // The trail's kit is closed by the command; a kit opened here only to pay is closed here.
    if (!trail.configured) await configured.close();
  }
}

/** The JSON document's account of the schedule as the ledger holds it (the lines are for the text output). */
function ledgerFields(view: LedgerScheduleView): Omit<LedgerScheduleView, 'lines'> {
  const { lines: _lines, ...fields } = view;
  return fields;
}

/** The JSON document's account of the trail: `audited`, and why not when it was not. */
function auditFields(answer: TrailAnswer): { audited: boolean; notAudited?: string } {
  return answer.audited ? { audited: true } : { audited: false, notAudited: answer.why };
}

/** The approver's private key text, from a file or the environment; its content is never quoted. */
function readKey(ctx: CommandContext, where: string): string {
  if (where === 'env') {
    const text = ctx.io.env[APPROVER_KEY_ENV]?.trim();
    if (!text) throw new UsageError(`--key env: ${APPROVER_KEY_ENV} is not set`);
    return text;
  }
  const file = path.resolve(ctx.io.cwd, where);
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new UsageError(`--key: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}); pass a file holding your private key, or --key env for ${APPROVER_KEY_ENV}`);
  }
  if (!text) throw new UsageError(`--key: ${file} is empty`);
  return text;
}

/** What the approver is shown; the agent's texts as text (one line each, from the record's bounded renderings). */
function describe(record: ApprovalRecord): string[] {
  const lines = [`request ${record.id} (${record.state}): ${record.summary}`, `  why: ${record.why}`, `  tool: ${record.tool}, held at ${record.stage} by ${record.policy}${record.agent ? `, agent ${record.agent}` : ''}`];
  // A request the ledger approves: what it moves is read from the ledger's schedule when signing, not taken from the store.
  if (!record.schedule) for (const movement of record.movements ?? []) lines.push(`  moves: ${movement.display} from ${movement.from} to ${movement.to}`);
  if (record.preview) lines.push(`  transaction: ${record.preview.type}${record.preview.transactionId ? ` ${record.preview.transactionId}` : ''}, bytes ${record.preview.digest}`);
  if (record.schedule) {
    const keys = record.schedule.accounts.map((account) => `${account.threshold} of ${account.keys.length + account.others} keys of ${account.accountId}`).join(', ');
    lines.push(`  approved by the ledger: schedule ${record.schedule.scheduleId ?? '(ID not recorded yet)'}, runs as ${record.schedule.scheduledTransactionId ?? '(unknown)'} once signed by ${keys}`);
    lines.push("  the summary above is the agent's account; what the schedule runs is read from the ledger before signing");
  }
  lines.push(`  quorum: ${record.quorum.required}${record.quorum.of.length ? ` of ${record.quorum.of.join(', ')}` : ''}; expires ${new Date(record.expiresAt).toISOString()}`);
  return lines;
}
