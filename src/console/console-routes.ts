import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyAuditTopic } from '../audit/index.js';
import { messageOf } from '../errors/index.js';
import { BudgetHistory } from './budget-history.js';
import type { CallFeed } from './call-feed.js';
import type { ConsoleOversight } from './console-oversight.js';
import type { EventStreams } from './event-stream.js';
import type { ConsoleNetwork, ExplorerLinks } from './explorer-links.js';
import type { ApproverToken } from './approver-tokens.js';
import { originRefusal, requestApprover, readJsonBody, sendError, sendFile, sendJson } from './http-guard.js';
import { CONSOLE_HTML } from './page/console-html.js';
import { CONSOLE_SCRIPT } from './page/console-script.js';
import { CONSOLE_STYLE } from './page/console-style.js';
import { redactedJson } from './safe-json.js';

export interface RouteSetup {
  feed: CallFeed;
  streams: EventStreams;
  /** Who may call the API, each token naming the approver who acts with it. */
  tokens: readonly ApproverToken[];
  oversight: ConsoleOversight | undefined;
  links: ExplorerLinks;
  network?: ConsoleNetwork;
  mirrorUrl?: string;
  topicId?: string;
  journalDir?: string;
}

/** Calls listed by GET /api/calls: the newest; older ones are on the trail. */
const LISTED_CALLS = 1_000;
/** A verification result is reused this long: it reads the whole topic from the mirror. */
const VERIFY_REUSE_MS = 5_000;
const MAX_REASON_CHARS = 300;
/** After a call, the budgets are read again (and pushed) at most this often: a burst of calls makes one read. */
const BUDGET_READ_MS = 250;

const PAGES: Record<string, [string, string]> = {
  '/': ['text/html', CONSOLE_HTML],
  '/console.js': ['text/javascript', CONSOLE_SCRIPT],
  '/console.css': ['text/css', CONSOLE_STYLE],
};

/** The console's routes: the page's three files, then the API (token required for every request). */
export class ConsoleRoutes {
  private readonly unsubscribe: (() => void)[] = [];
  private verified: { at: number; report: Promise<unknown> } | undefined;
  private readonly history = new BudgetHistory();
  private budgetRead: NodeJS.Timeout | undefined;
  private lastPushed: string | undefined;

  constructor(private readonly setup: RouteSetup) {
    this.unsubscribe.push(
      setup.feed.onCall((call) => {
        setup.streams.send('call', call);
        this.budgetsChanged();
      }),
    );
    const changed = setup.oversight?.subscribe?.(() => void this.pushOversight());
    if (changed) this.unsubscribe.push(changed);
  }

  close(): void {
    clearTimeout(this.budgetRead);
    for (const stop of this.unsubscribe) stop();
  }

  /** A call may have used budget or a rate count: read the oversight again soon, and push it. */
  private budgetsChanged(): void {
    if (!this.setup.oversight || this.budgetRead) return;
    this.budgetRead = setTimeout(() => {
      this.budgetRead = undefined;
      void this.pushOversight(true);
    }, BUDGET_READ_MS);
    this.budgetRead.unref();
  }

  async handle(req: IncomingMessage, res: ServerResponse, boundHost: string, loopback: boolean): Promise<void> {
    const refusal = originRefusal(req, boundHost, loopback);
    if (refusal) return sendError(res, 403, refusal);
    const path = new URL(req.url ?? '/', 'http://console').pathname;
    const page = PAGES[path];
    if (page) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Method Not Allowed: the page is read with GET', { allow: 'GET, HEAD' });
      return sendFile(res, page[0], page[1]);
    }
    if (!path.startsWith('/api/')) return sendError(res, 404, `Not Found: ${JSON.stringify(path)}; the console is at / and its API under /api/`);
    // The token names who acts: decisions, pauses and unpauses are recorded under its holder's name.
    const approver = requestApprover(req, this.setup.tokens);
    if (!approver) return sendError(res, 401, 'Unauthorized: send Authorization: Bearer <token>, a token the console was started with (the page reads it from the #token= of the address it was opened with)', { 'www-authenticate': 'Bearer' });
    const route = `${req.method} ${path}`;
    if (route === 'GET /api/calls') return sendJson(res, 200, this.overview());
    if (route === 'GET /api/events') return this.events(res, approver);
    if (route === 'GET /api/oversight') return sendJson(res, 200, await this.oversightView(approver));
    if (route === 'GET /api/verify') return sendJson(res, 200, await this.verify());
    if (route === 'POST /api/pause') return this.withOversight(req, res, async (oversight, body) => {
      const reason = reasonOf(body.reason);
      if (!reason) return sendError(res, 400, `Bad Request: 'reason' must be a sentence of 1 to ${MAX_REASON_CHARS} characters saying why the agents are stopped`);
      // Refused (no switch the agents obey): said, never shown as PAUSED.
      try {
        await oversight.pause(reason, approver);
      } catch (error) {
        return sendError(res, 409, `Conflict: ${messageOf(error)}`);
      }
      sendJson(res, 200, await this.oversightView());
    });
    if (route === 'POST /api/unpause') return this.withOversight(req, res, async (oversight) => {
      try {
        await oversight.unpause(approver);
      } catch (error) {
        return sendError(res, 409, `Conflict: ${messageOf(error)}`);
      }
      sendJson(res, 200, await this.oversightView());
    });
    const decision = /^\/api\/approvals\/([\w-]{1,100})\/decision$/.exec(path);
    if (decision && req.method === 'POST') return this.withOversight(req, res, async (oversight, body) => {
      if (typeof body.approve !== 'boolean') return sendError(res, 400, `Bad Request: 'approve' must be true (approve) or false (deny); got ${JSON.stringify(body.approve ?? null)}`);
      if (body.reason !== undefined && !reasonOf(body.reason)) return sendError(res, 400, `Bad Request: 'reason', when given, must be text of 1 to ${MAX_REASON_CHARS} characters`);
      const reason = reasonOf(body.reason);
      try {
        const outcome = await oversight.decide(decision[1]!, { approve: body.approve, approver, ...(reason ? { reason } : {}) });
        sendJson(res, 200, outcome);
      } catch (error) {
        sendError(res, 409, `Conflict: ${messageOf(error)}`);
      }
    });
    // A request the ledger approves, signed away from the page: prepare the ScheduleSign, then hand back { publicKey, signature } over its bodyBytes.
    const ledger = /^\/api\/approvals\/([\w-]{1,100})\/(schedule-sign|signature)$/.exec(path);
    if (ledger && req.method === 'POST') return this.withOversight(req, res, async (oversight, body) => {
      const id = ledger[1]!;
      const act = ledger[2] === 'schedule-sign' ? oversight.prepareScheduleSign?.bind(oversight, id) : oversight.submitScheduleSignature?.bind(oversight, id, { publicKey: body.publicKey, signature: body.signature, digestSignature: body.digestSignature });
      if (!act) return sendError(res, 501, 'Not Implemented: this console\'s oversight cannot sign schedules (it has no prepareScheduleSign / submitScheduleSignature); approvers sign with agent-hooks approve <id> --key <file>');
      try {
        sendJson(res, 200, await act());
      } catch (error) {
        sendError(res, 409, `Conflict: ${messageOf(error)}`);
      }
    });
    if (['/api/calls', '/api/events', '/api/oversight', '/api/verify', '/api/pause', '/api/unpause'].includes(path) || decision || ledger) return sendError(res, 405, `Method Not Allowed: ${req.method} ${path}`);
    return sendError(res, 404, `Not Found: ${JSON.stringify(path)}; the API has /api/calls, /api/events, /api/oversight, /api/verify, POST /api/pause, POST /api/unpause, POST /api/approvals/<id>/decision, and for requests the ledger approves POST /api/approvals/<id>/schedule-sign and POST /api/approvals/<id>/signature`);
  }

  private overview(): unknown {
    const { feed, links, network, topicId, journalDir, mirrorUrl } = this.setup;
    const calls = feed.calls();
    return {
      source: journalDir ? { journalDir } : { mirrorUrl, topicId },
      ...(network ? { network } : {}),
      ...(topicId ? { topicId, topicLink: links.topic(topicId) } : {}),
      calls: calls.slice(-LISTED_CALLS),
      total: calls.length,
      problems: feed.problems(),
    };
  }

  private async events(res: ServerResponse, approver: string): Promise<void> {
    const first = [{ event: 'overview', data: this.overview() }, { event: 'oversight', data: await this.oversightView(approver) }];
    if (!this.setup.streams.open(res, first)) sendError(res, 503, 'Service Unavailable: too many pages follow this console; close one');
  }

  /** `approver`: who asks, named in the answer (a view pushed to every page names nobody). */
  private async oversightView(approver?: string): Promise<unknown> {
    const { oversight } = this.setup;
    if (!oversight) return { connected: false, ...(approver ? { approver } : {}), pending: [], state: { paused: false }, budgetHistory: [] };
    const [pending, state] = await Promise.all([oversight.pendingApprovals(), oversight.state()]);
    if (state.budgets) this.history.record(state.budgets);
    return { connected: true, ...(approver ? { approver } : {}), pending, state, budgetHistory: this.history.all() };
  }

  /** `sample`: read even when no page follows, so the history has the change when one opens. Sends only a view that changed. */
  private async pushOversight(sample = false): Promise<void> {
    if (this.setup.streams.size === 0 && !sample) return;
    try {
      const view = await this.oversightView();
      const text = redactedJson(view);
      if (text === this.lastPushed) return;
      this.lastPushed = text;
      this.setup.streams.send('oversight', view);
    } catch {
      // The next change or a reload shows it; a failing read must not take the console down.
    }
  }

  private verify(): Promise<unknown> {
    const { mirrorUrl, topicId, journalDir } = this.setup;
    if (!mirrorUrl || !topicId) return Promise.resolve({ available: false, reason: 'Verification reads the topic from the mirror: start the console with mirrorUrl and topicId.' });
    if (this.verified && Date.now() - this.verified.at < VERIFY_REUSE_MS) return this.verified.report;
    const report = verifyAuditTopic({ mirrorUrl, topicId, ...(journalDir ? { journalDir } : {}) }).then(
      (found) => ({ available: true, ok: found.ok, checkedAt: new Date().toISOString(), entriesOnTopic: found.entriesOnTopic, entriesInJournal: found.entriesInJournal, journalFound: found.journalFound, problems: found.problems }),
      (error: unknown) => ({ available: false, reason: `Reading topic ${topicId} from ${mirrorUrl} failed: ${messageOf(error)}` }),
    );
    this.verified = { at: Date.now(), report };
    return report;
  }

  private async withOversight(req: IncomingMessage, res: ServerResponse, act: (oversight: ConsoleOversight, body: Record<string, unknown>) => Promise<void>): Promise<void> {
    const read = await readJsonBody(req);
    if ('status' in read) {
      sendError(res, read.status, read.message, read.status === 413 ? { connection: 'close' } : {});
      return;
    }
    const { oversight } = this.setup;
    if (!oversight) return sendError(res, 501, 'Not Implemented: this console was started without an oversight (startConsole({ oversight })), so it has no approvals or kill switch to act on');
    await act(oversight, read.body);
  }
}

function reasonOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= MAX_REASON_CHARS ? trimmed : undefined;
}
