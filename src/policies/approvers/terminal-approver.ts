import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { ApprovalAnswer, ApprovalRequest, Approver } from './approver.js';
import { stdinCarriesMcp } from './mcp-call-scope.js';

export interface TerminalApproverOptions {
  /** Where answers are read: standard input by default, and only when it is a terminal (TTY). */
  input?: Readable & { isTTY?: boolean };
  /** Where the question is written: standard error by default; never stdout, which may carry JSON. */
  output?: Writable;
}

const WHO = 'the person at the terminal';

/**
 * Asks at the terminal: the question goes to standard error, the answer is a line on standard
 * input, and only `y` or `yes` approves (Enter alone refuses). Questions are asked one at a time, in
 * the order the calls arrived. When standard input is not a terminal (a pipe, a CI job, an MCP
 * client's stdio) nobody can answer, and the call is refused saying so.
 *
 * @example
 * new ApprovalPolicy({ when: { hbarAbove: 100 }, approver: terminalApprover(), timeoutMs: 60_000 });
 */
export function terminalApprover(options: TerminalApproverOptions = {}): Approver {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stderr;
  // One prompt at a time: two questions interleaved on one terminal could not be told apart.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    name: WHO,
    approve(request, signal) {
      const refusal = cannotAsk(input);
      if (refusal) return refusal;
      const turn = queue.then(() => (signal.aborted ? timedOut() : ask(input, output, request, signal)));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

function cannotAsk(input: Readable & { isTTY?: boolean }): ApprovalAnswer | undefined {
  if (input === process.stdin && stdinCarriesMcp()) {
    return { approved: false, reason: `${WHO} cannot be asked: standard input carries the MCP protocol here (agent-hooks mcp); use the "mcp" approver` };
  }
  if (input.isTTY !== true) {
    return { approved: false, reason: `${WHO} cannot be asked: there is no terminal (standard input is not a TTY)` };
  }
  return undefined;
}

function timedOut(): ApprovalAnswer {
  return { approved: false, reason: `${WHO} was not asked in time` };
}

function ask(input: Readable, output: Writable, request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
  const seconds = Math.ceil(request.timeoutMs / 1000);
  output.write(`\n${request.policy}: approval needed for ${request.summary}\n  (${request.why})\nApprove? [y/N] (refused after ${seconds} s without an answer) `);
  return new Promise<ApprovalAnswer>((resolve) => {
    // No `output` and terminal: false, so readline leaves the terminal's mode and echo alone.
    const lines = createInterface({ input, terminal: false });
    let done = false;
    const finish = (answer: ApprovalAnswer): void => {
      if (done) return;
      done = true;
      signal.removeEventListener('abort', onAbort);
      lines.close();
      resolve(answer);
    };
    const onAbort = (): void => {
      output.write('\n(no answer in time: refused)\n');
      finish(timedOut());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    lines.once('line', (line) => {
      const approved = /^\s*y(es)?\s*$/i.test(line);
      output.write(approved ? '(approved)\n' : '(refused)\n');
      finish(approved ? true : { approved: false, reason: `${WHO} refused` });
    });
    lines.once('close', () => finish({ approved: false, reason: `the terminal closed before ${WHO} answered` }));
  });
}
