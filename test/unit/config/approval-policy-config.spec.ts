import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../../src/config/load-config.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { configProblemsOf } from '../../support/config-problems.js';

describe('ApprovalPolicy in a configuration file', () => {
  describe('when named with a threshold and the terminal approver', () => {
    it('builds the policy, with a time budget that covers the approver’s time', () => {
      const { listeners } = parseConfig(
        { policies: [{ policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 100 }, approver: 'terminal', timeoutMs: 60000 }] }] },
        'test.json',
        '/tmp',
      );
      const policy = listeners[0] as ApprovalPolicy;
      expect(policy).to.be.instanceOf(ApprovalPolicy);
      expect(policy.relevantTools).to.deep.equal(['*']);
      expect(policy.approvalTimeoutMs).to.equal(60_000);
      expect(policy.timeoutMs).to.be.greaterThan(60_000);
      expect(policy.description).to.equal('Asks the person at the terminal before any call that moves more than 100 HBAR');
    });
  });

  describe('when named with tools and the mcp approver', () => {
    it('watches only those tools and asks the MCP client', () => {
      const { listeners } = parseConfig({ policies: [{ policy: 'ApprovalPolicy', args: [{ when: { tools: ['delete_account_tool'] }, approver: 'mcp' }] }] }, 'test.json', '/tmp');
      const policy = listeners[0] as ApprovalPolicy;
      expect(policy.relevantTools).to.deep.equal(['delete_account_tool']);
      expect(policy.description).to.contain('the user of the MCP client');
    });
  });

  describe("when it lets the ledger approve (via: 'schedule')", () => {
    it('builds the policy from public keys', () => {
      const key = '302a300506032b6570032100' + 'ab'.repeat(32);
      const { listeners } = parseConfig({ policies: [{ policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 1, of: [key] } }] }] }, 'test.json', '/tmp');
      const policy = listeners[0] as ApprovalPolicy;
      expect([policy.via, policy.quorum.of]).to.deep.equal(['schedule', [key]]);
    });
  });

  describe('when it names no store (a file cannot hold one)', () => {
    let folder: string;
    beforeEach(() => (folder = mkdtempSync(path.join(tmpdir(), 'approval-config-'))));
    afterEach(() => rmSync(folder, { recursive: true, force: true }));
    const deferred = { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, wait: 'deferred' }] };

    it('keeps its requests in the state file beside the journal, one store for every such policy of the kit', () => {
      const { listeners } = parseConfig({ policies: [deferred, { policy: 'ApprovalPolicy', args: [{ when: { tools: ['delete_account_tool'] }, approver: 'terminal' }] }] }, 'test.json', folder);
      const [first, second] = listeners as ApprovalPolicy[];
      expect(first.approvalStore.description).to.equal(`SQLite at ${path.join(folder, '.agent-hooks', 'audit', 'agent-hooks-state.sqlite')}`);
      expect(second.approvalStore, 'one store per kit').to.equal(first.approvalStore);
      expect(first.storeGiven, 'decided and resumed from outside the call').to.equal(true);
    });

    it('keeps them in the store "approvals" names: a file read from the configuration\'s folder, or Redis', () => {
      const inFile = parseConfig({ approvals: { store: { sqlite: 'shared/approvals.sqlite' } }, policies: [deferred] }, 'test.json', folder).listeners[0] as ApprovalPolicy;
      expect(inFile.approvalStore.description).to.equal(`SQLite at ${path.join(folder, 'shared', 'approvals.sqlite')}`);
      const inRedis = parseConfig({ approvals: { store: { redis: 'redis://127.0.0.1:1', prefix: 'payments' } }, policies: [deferred] }, 'test.json', folder).listeners[0] as ApprovalPolicy;
      expect(inRedis.approvalStore.description).to.equal('Redis at 127.0.0.1:1 (prefix "payments")');
    });

    it('gives a kit its own store, closed when the last of its policies closes', async () => {
      const config = { policies: [deferred, deferred] };
      const [first, second] = parseConfig(config, 'test.json', folder).listeners as ApprovalPolicy[];
      const [otherKits] = parseConfig(config, 'test.json', folder).listeners as ApprovalPolicy[];
      expect(otherKits.approvalStore, 'another kit from the same file').to.not.equal(first.approvalStore);
      expect(await first.approvalStore.listPending()).to.deep.equal([]);
      await first.close();
      expect(await second.approvalStore.listPending(), 'still lent to the second policy').to.deep.equal([]);
      await second.close();
      await first.close();
      let refusal: unknown;
      await first.approvalStore.listPending().catch((error: unknown) => (refusal = error));
      expect(String(refusal)).to.contain('the store is closed');
      await otherKits.close();
    });

    it('leaves a policy inside a combination in memory, so the combination still accepts it', () => {
      const { listeners } = parseConfig({ policies: [{ policy: 'anyOf', args: [{ policy: 'RecipientAllowlistPolicy', args: [['0.0.7']] }, { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, approver: 'terminal' }] }] }] }, 'test.json', folder);
      expect(listeners).to.have.length(1);
    });
  });

  describe('when its arguments are wrong', () => {
    it('names the entry and the field', () => {
      const problems = configProblemsOf({
        policies: [
          { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: '100' }, approver: 'terminal' }] },
          { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 100 }, approver: 'slack' }] },
          { policy: 'ApprovalPolicy', args: [] },
          { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, via: 'ledger', quorum: { required: 1, of: ['302a300506032b6570032100' + 'ab'.repeat(32)] } }] },
          { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 1, of: ['alice'] } }] },
        ],
      });
      expect(problems[0]).to.equal('policies[0].args[0].when.hbarAbove: ApprovalPolicy: \'when.hbarAbove\' must be a number of HBAR from 0 to 50000000000 with at most 8 decimals, got "100".');
      expect(problems[1]).to.match(/^policies\[1\]\.args\[0\]\.approver: ApprovalPolicy: 'approver' must be "terminal" or "mcp", .* got "slack"\.$/);
      expect(problems[2]).to.equal('policies[2].args[0]: ApprovalPolicy: expected options { when, approver?, timeoutMs?, stage?, wait?, store?, quorum?, via? }, got undefined.');
      expect(problems[3]).to.match(/^policies\[3\]\.args\[0\]\.via: ApprovalPolicy: 'via' must be 'store' \(decisions in the approval store, the default\) or 'schedule'.* got "ledger"\.$/);
      expect(problems[4]).to.match(/^policies\[4\]\.args\[0\]\.quorum\.of\[0\]: ApprovalPolicy: via: 'schedule' takes quorum\.of as public keys/);
    });
  });
});
