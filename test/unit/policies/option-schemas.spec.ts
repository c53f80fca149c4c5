import { expect } from 'chai';
import type { z } from 'zod';
import { argPathOf } from '../../../src/errors/index.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { DuplicateIntentPolicy } from '../../../src/policies/duplicate-intent-policy.js';
import { ExpressionPolicy } from '../../../src/policies/expression-policy.js';
import { MaxRecipientsPolicy } from '../../../src/policies/max-recipients-policy.js';
import { MaxTransferPolicy } from '../../../src/policies/max-transfer-policy.js';
import { RateLimitPolicy } from '../../../src/policies/rate-limit-policy.js';
import { RecipientAllowlistPolicy, RecipientDenylistPolicy } from '../../../src/policies/recipient-list-policies.js';
import { RejectToolPolicy } from '../../../src/policies/reject-tool-policy.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';
import { RedisPolicyStore } from '../../../src/policies/state/redis-store.js';
import { TimeWindowPolicy } from '../../../src/policies/time-window-policy.js';
import { callbackApprover } from '../../../src/policies/approvers/callback-approver.js';

type Built = { configArgs: z.ZodType };
const make = (Policy: unknown, args: unknown[]) => new (Policy as new (...a: unknown[]) => unknown)(...args);

/** Arguments each constructor accepts, in every form it accepts them (numbers and strings, null for left out, instances). */
const accepted: [Built, unknown[]][] = [
  [MaxTransferPolicy, [{ hbar: '0.5', tokens: { '0.0.0900': 2.5, '0.0.901': { baseUnits: '40' } }, allowUnbounded: true, tools: ['transfer_hbar_tool'] }]],
  [MaxTransferPolicy, [{ hbar: null, tokens: { '0.0.9': 1 } }]],
  [MaxTransferPolicy, [{ usd: 50 }]],
  [MaxTransferPolicy, [{ hbar: 100, usd: '49.99', prices: { '0.0.5678': { usd: 1, decimals: 6 } }, price: () => undefined, exchangeRate: { current: async () => undefined }, allowUnpriced: true }]],
  [SpendLimitPolicy, [{ usd: 500, windowMs: 86_400_000, prices: { '0.0.5678': { usd: 1, decimals: 6 } }, exchangeRate: { mirrorUrl: 'http://127.0.0.1:5551', maxAgeMs: 0 } }]],
  [SpendLimitPolicy, [{ hbar: 500, tokens: { '0.0.5678': '0.5' }, windowMs: 86_400_000, store: new MemoryPolicyStore(), name: 'team-a', tools: ['*'] }]],
  [SpendLimitPolicy, [{ hbar: '1', windowMs: 1_000, store: { redis: 'redis://127.0.0.1:6379', prefix: 'a', commandTimeoutMs: 500 }, name: 'b' }]],
  [RateLimitPolicy, [{ limit: 10, windowMs: 60_000, tools: ['a_tool'], group: 'g', store: 'memory', name: 'n' }]],
  [TimeWindowPolicy, [{ timeZone: 'Europe/Zurich', days: ['Monday', 'fri'], from: '22:00', to: '06:00', tools: ['*'], now: () => 0 }]],
  [RecipientAllowlistPolicy, [['0.0.1001', 'new-account'], { tools: ['transfer_hbar_tool'] }]],
  [RecipientDenylistPolicy, [['0.0.666'], null]],
  [RejectToolPolicy, [['delete_account_tool']]],
  [MaxRecipientsPolicy, [5, ['bulk_tool'], { bulk_tool: () => 1 }]],
  [ExpressionPolicy, [{ expression: 'true', message: 'never', stage: 'preToolExecution', tools: ['*'], name: 'Never' }]],
  [ApprovalPolicy, [{ when: { hbarAbove: 1.5, tools: ['transfer_hbar_tool'] }, approver: 'terminal', timeoutMs: 1_000 }]],
  [ApprovalPolicy, [{ when: () => true, approver: { name: 'the desk', approve: () => true } }]],
  [RedisPolicyStore, [{ url: 'redis://127.0.0.1:6379', prefix: 'agents', connectTimeoutMs: 10 }]],
  [DuplicateIntentPolicy, [{ windowMs: 600_000, keyOf: () => 'k', holdFailed: true, tools: ['transfer_hbar_tool'], store: new MemoryPolicyStore(), name: 'payments' }]],
  [DuplicateIntentPolicy, [{ windowMs: 1, store: { redis: 'redis://127.0.0.1:6379', prefix: 'a' }, name: 'b' }]],
];

/** One refusal per kind of field: the owner, the field, what was accepted and what was given, and where. */
const refused: [unknown, unknown[], string, unknown[]][] = [
  [MaxTransferPolicy, [{ hbar: -5 }], `MaxTransferPolicy: 'hbar' must be an amount of HBAR with at most 8 decimal places, such as 100 or "0.5", got -5.`, [0, 'hbar']],
  [MaxTransferPolicy, [{ tokens: { '0.0.9': 1, '0.0.009': 2 } }], `MaxTransferPolicy: 'tokens["0.0.009"]' must be a token listed once ("0.0.9" and "0.0.009" are 0.0.9: tokens lists 0.0.9 twice), got "0.0.009".`, [0, 'tokens', '0.0.009']],
  [MaxTransferPolicy, [{ hbar: 1, tools: ['a', ''] }], `MaxTransferPolicy: 'tools[1]' must be a tool name (a non-empty string), got "".`, [0, 'tools', 1]],
  [MaxTransferPolicy, [{ usd: '1.000000001' }], `MaxTransferPolicy: 'usd' must be an amount of US dollars with at most 8 decimal places, such as 50 or "0.5" (this one has 9 decimal places), got "1.000000001".`, [0, 'usd']],
  [MaxTransferPolicy, [{ usd: 5, prices: { '0.0.5678': { usd: 1, decimals: 19 } } }], `MaxTransferPolicy: 'prices["0.0.5678"].decimals' must be the token's decimal places, a whole number from 0 to 18, got 19.`, [0, 'prices', '0.0.5678', 'decimals']],
  [SpendLimitPolicy, [{ usd: 5, windowMs: 1000, allowUnpriced: 'yes' }], `SpendLimitPolicy: 'allowUnpriced' must be true or false, got "yes".`, [0, 'allowUnpriced']],
  [SpendLimitPolicy, [{ usd: 5, windowMs: 1000, exchangeRate: { mirrorUrl: 'http://127.0.0.1:5551', maxAge: 5 } }], "SpendLimitPolicy: unknown option 'exchangeRate.maxAge'; accepted: mirrorUrl, maxAgeMs.", [0, 'exchangeRate', 'maxAge']],
  [SpendLimitPolicy, [{ hbar: 5, windowMs: 1.5 }], "SpendLimitPolicy: 'windowMs' must be a positive whole number of ms up to 31622400000 (366 days), got 1.5.", [0, 'windowMs']],
  [SpendLimitPolicy, [{ hbar: 5, windowMs: 1000, store: { redis: 'http://user:secret@host' } }], `SpendLimitPolicy: 'store.redis' must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379, got "http://…@host".`, [0, 'store', 'redis']],
  [SpendLimitPolicy, [{ hbar: 5, windowMs: 1000, tokens: { '0.0.5': 0 } }], `SpendLimitPolicy: 'tokens["0.0.5"]' must be a positive amount in display units, such as 1000 or "0.5", got 0.`, [0, 'tokens', '0.0.5']],
  [RateLimitPolicy, [{ limit: 2.5, windowMs: 1000 }], "RateLimitPolicy: 'limit' must be a positive integer, got 2.5.", [0, 'limit']],
  [RateLimitPolicy, [{ limit: 1, windowMs: 1000, name: 'a b' }], `RateLimitPolicy: 'name' must be 1 to 64 letters, digits, '_', '.' or '-', got "a b".`, [0, 'name']],
  [TimeWindowPolicy, [{ timeZone: 'UTC', days: ['mon'], from: '09:00' }], `TimeWindowPolicy: 'to' is required: a time "HH:MM" from "00:00" to "24:00".`, [0, 'to']],
  [TimeWindowPolicy, [{ timeZone: 'UTC', days: ['mon'], from: '09:00', to: '10:00', now: 5 }], "TimeWindowPolicy: 'now' must be a function returning a Date or epoch milliseconds, got 5.", [0, 'now']],
  [RecipientAllowlistPolicy, [['0.0.5'], { tools: 'x' }], `RecipientAllowlistPolicy: 'tools' must be a list of tool names (or ['*'] for every tool), got "x".`, [1, 'tools']],
  [RecipientDenylistPolicy, [[7]], "RecipientDenylistPolicy: 'accounts[0]' must be an account ID such as 0.0.1001 (or 'new-account'), got 7.", [0, 0]],
  [MaxRecipientsPolicy, [3, ['t'], { t: 'count' }], `MaxRecipientsPolicy: 'customStrategies.t' must be a function (params) => number, got "count".`, [2, 't']],
  [ExpressionPolicy, [{ expression: 'true', message: 'x', name: ' ' }], `ExpressionPolicy: 'name' must be a non-empty string, got " ".`, [0, 'name']],
  [ApprovalPolicy, [{ when: { tools: ['a'] }, approver: { approve: () => true } }], "ApprovalPolicy: 'approver' must be an approver object with a 'name' saying who is asked, e.g. 'the on-call engineer', got a plain object.", [0, 'approver']],
  [ApprovalPolicy, [{ when: { tools: ['a'] }, approver: 'terminal', timeoutMs: '5' }], `ApprovalPolicy: 'timeoutMs' must be a whole number of milliseconds from 1 to 2147482647, got "5".`, [0, 'timeoutMs']],
  [RedisPolicyStore, [{ url: 'redis://h:1', database: 2 }], "RedisPolicyStore: unknown option 'database'; accepted: url, client, prefix, commandTimeoutMs, connectTimeoutMs.", [0, 'database']],
  [DuplicateIntentPolicy, [{ windowMs: 31_622_400_001 }], "DuplicateIntentPolicy: 'windowMs' must be a positive whole number of ms up to 31622400000 (366 days), got 31622400001.", [0, 'windowMs']],
  [DuplicateIntentPolicy, [{ windowMs: 1000, holdFailed: 'yes' }], `DuplicateIntentPolicy: 'holdFailed' must be true or false, got "yes".`, [0, 'holdFailed']],
  [DuplicateIntentPolicy, [{ windowMs: 1000, keyOf: 'requestId' }], `DuplicateIntentPolicy: 'keyOf' must be a function (event) => string | undefined, got "requestId".`, [0, 'keyOf']],
  [DuplicateIntentPolicy, [{ windowMs: 1000, tools: ['transfer_hbar_tool', ''] }], `DuplicateIntentPolicy: 'tools[1]' must be a tool name (a non-empty string), got "".`, [0, 'tools', 1]],
  [DuplicateIntentPolicy, [{ windowMs: 1000, perSession: true }], "DuplicateIntentPolicy: unknown option 'perSession'; accepted: windowMs, keyOf, holdFailed, tools, store, name, per.", [0, 'perSession']],
  [SpendLimitPolicy, [{ hbar: 1, windowMs: 1000, per: 'session' }], `SpendLimitPolicy: 'per' must be a path into the call's context such as 'context.sessionId' (letters, digits, '_', '$', '-' between dots, at most 8 parts), or a function (event) => string | undefined, got "session".`, [0, 'per']],
  [RedisPolicyStore, [{ commandTimeoutMs: 0 }], "RedisPolicyStore: 'commandTimeoutMs' must be a positive number of ms up to 600000, got 0.", [0, 'commandTimeoutMs']],
];

function refusalOf(build: () => unknown): { message: string; code: unknown; argPath: unknown } {
  try {
    build();
  } catch (error) {
    return { message: (error as Error).message, code: (error as { code?: unknown }).code, argPath: argPathOf(error) };
  }
  throw new Error('expected a refusal');
}

describe('the built-in policies’ option schemas', () => {
  describe('when the constructor accepts its arguments', () => {
    it('configArgs accepts the same arguments, in every form the constructor takes', async () => {
      for (const [Policy, args] of accepted) {
        const built = make(Policy, args) as { close?: () => Promise<void> };
        const parsed = Policy.configArgs.safeParse(args);
        expect(parsed.success, `${(Policy as { name?: string }).name} ${JSON.stringify(args)}: ${parsed.error?.message}`).to.equal(true);
        await built.close?.();
      }
    });
  });

  describe('when an option is wrong', () => {
    it('names the owner, the field, what is accepted and what was given, with E_INVALID_ARGUMENT and where', () => {
      for (const [Policy, args, message, argPath] of refused) {
        const refusal = refusalOf(() => make(Policy, args));
        expect(refusal.message, message).to.equal(message);
        expect(refusal.code).to.equal('E_INVALID_ARGUMENT');
        expect(refusal.argPath, message).to.deep.equal(argPath);
      }
    });

    it('configArgs refuses what the constructor refuses', () => {
      for (const [Policy, args] of refused) {
        const schema = (Policy as Built).configArgs;
        const full = [...args];
        expect(schema.safeParse(full).success, JSON.stringify(args)).to.equal(false);
      }
    });

    it('never shows key material given as an option', () => {
      const key = `302e020100300506032b657004220420${'ab'.repeat(32)}`;
      const { message } = refusalOf(() => new MaxTransferPolicy({ hbar: key }));
      expect(message).to.include("'hbar' must be").and.include('looks like a private key (not shown)');
      expect(message).to.not.include('abab');
    });
  });

  describe('callbackApprover', () => {
    it('names its argument, what is accepted and what was given', () => {
      expect(refusalOf(() => callbackApprover(5 as never)).message).to.equal("callbackApprover: 'callback' must be a function (request) => boolean | Promise<boolean>, got 5.");
      expect(refusalOf(() => callbackApprover(() => true, ' ')).argPath).to.deep.equal([1]);
    });
  });
});
