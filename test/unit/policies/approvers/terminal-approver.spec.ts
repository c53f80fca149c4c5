import { expect } from 'chai';
import { PassThrough } from 'node:stream';
import sinon from 'sinon';
import { terminalApprover } from '../../../../src/policies/approvers/terminal-approver.js';
import { claimStdinForMcp } from '../../../../src/policies/approvers/mcp-call-scope.js';
import type { ApprovalRequest } from '../../../../src/policies/approvers/approver.js';

/** A stand-in for a terminal: a stream that says it is a TTY, which the test types into. */
function fakeTty(isTTY = true): PassThrough & { isTTY?: boolean } {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean };
  stream.isTTY = isTTY;
  return stream;
}

function captured(): { stream: PassThrough; text(): string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

const request: ApprovalRequest = Object.freeze({
  policy: 'Approval Policy',
  tool: 'transfer_hbar_tool',
  summary: 'transfer_hbar_tool: 150 HBAR from 0.0.2 to 0.0.1001',
  why: 'it moves 150 HBAR, more than the 100 HBAR allowed without approval',
  movements: undefined,
  hbarTinybars: 15_000_000_000n,
  params: {},
  normalisedParams: {},
  timeoutMs: 60_000,
});

/** Resolves once the prompt has been written, so the answer is typed after the question. */
function prompted(output: { text(): string }): Promise<void> {
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (output.text().includes('[y/N]')) {
        clearInterval(poll);
        resolve();
      }
    }, 1);
  });
}

describe('terminalApprover', () => {
  const sandbox = sinon.createSandbox();
  afterEach(() => sandbox.restore());

  describe('when the terminal answers', () => {
    it('prompts on standard error by default, never on standard output', async () => {
      const input = fakeTty();
      const stderr = sandbox.stub(process.stderr, 'write').returns(true);
      const stdout = sandbox.stub(process.stdout, 'write').returns(true);
      const answer = terminalApprover({ input }).approve(request, new AbortController().signal);
      await new Promise((resolve) => setTimeout(resolve, 5));
      input.write('y\n');
      expect(await answer).to.equal(true);
      const written = stderr.getCalls().map((call) => String(call.args[0])).join('');
      sandbox.restore();
      expect(written).to.contain('[y/N]');
      expect(stdout.called).to.equal(false);
    });

    it('shows the summary and the time left, and approves on "y"', async () => {
      const input = fakeTty();
      const output = captured();
      const answer = terminalApprover({ input, output: output.stream }).approve(request, new AbortController().signal);
      await prompted(output);
      expect(output.text()).to.contain('approval needed for transfer_hbar_tool: 150 HBAR from 0.0.2 to 0.0.1001').and.to.contain('refused after 60 s');
      input.write('y\n');
      expect(await answer).to.equal(true);
    });

    it('approves on "YES" and refuses on anything else, Enter alone included', async () => {
      for (const [typed, approved] of [['YES', true], ['', false], ['n', false], ['yep', false]] as const) {
        const input = fakeTty();
        const output = captured();
        const answer = terminalApprover({ input, output: output.stream }).approve(request, new AbortController().signal);
        await prompted(output);
        input.write(`${typed}\n`);
        expect(await answer, typed).to.deep.equal(approved ? true : { approved: false, reason: 'the person at the terminal refused' });
      }
    });

    it('asks one question at a time, in order', async () => {
      const input = fakeTty();
      const output = captured();
      const approver = terminalApprover({ input, output: output.stream });
      const first = approver.approve(request, new AbortController().signal);
      const second = approver.approve({ ...request, summary: 'second call' }, new AbortController().signal);
      await prompted(output);
      expect(output.text()).to.not.contain('second call');
      input.write('y\n');
      expect(await first).to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(output.text()).to.contain('second call');
      input.write('n\n');
      expect(await second).to.deep.include({ approved: false });
    });
  });

  describe('when the time runs out', () => {
    it('withdraws the prompt and refuses', async () => {
      const input = fakeTty();
      const output = captured();
      const stop = new AbortController();
      const answer = terminalApprover({ input, output: output.stream }).approve(request, stop.signal);
      await prompted(output);
      stop.abort();
      expect(await answer).to.deep.include({ approved: false });
      expect(output.text()).to.contain('(no answer in time: refused)');
    });
  });

  describe('when the input ends before an answer', () => {
    it('refuses, saying the terminal closed', async () => {
      const input = fakeTty();
      const output = captured();
      const answer = terminalApprover({ input, output: output.stream }).approve(request, new AbortController().signal);
      await prompted(output);
      input.end();
      expect(await answer).to.deep.equal({ approved: false, reason: 'the terminal closed before the person at the terminal answered' });
    });
  });

  describe('when there is no terminal', () => {
    it('refuses at once, saying standard input is not a TTY, and prompts nobody', async () => {
      const output = captured();
      const answer = await terminalApprover({ input: fakeTty(false), output: output.stream }).approve(request, new AbortController().signal);
      expect(answer).to.deep.equal({ approved: false, reason: 'the person at the terminal cannot be asked: there is no terminal (standard input is not a TTY)' });
      expect(output.text()).to.equal('');
    });

    it('does not read standard input while an MCP stdio server uses it for the protocol', async () => {
      const release = claimStdinForMcp();
      try {
        const answer = await terminalApprover({ output: captured().stream }).approve(request, new AbortController().signal);
        expect(answer).to.deep.include({ approved: false });
        expect((answer as { reason: string }).reason).to.contain('standard input carries the MCP protocol');
      } finally {
        release();
      }
    });
  });
});
