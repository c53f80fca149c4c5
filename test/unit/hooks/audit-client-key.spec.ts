import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateKey } from '@hiero-ledger/sdk';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import type { PostSecondaryActionParams } from '../../../src/lifecycle/stage-events.js';
import { offlineClient } from '../../support/offline-client.js';

describe('an audit hook remembering which client it protected', () => {
  let journalDir: string;

  beforeEach(() => {
    journalDir = mkdtempSync(join(tmpdir(), 'audit-client-key-'));
  });

  afterEach(() => {
    rmSync(journalDir, { recursive: true, force: true });
  });

  describe('when the client that calls bring gets a new operator key between two calls (the Hedera Agent Kit hands the hook its client each call)', () => {
    it('cuts the new key out of the next entry too, as it did the first', async () => {
      const client = offlineClient();
      const hook = new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir, deliver: false });
      // The raw hex of a private key under a name that says nothing: only the hook's knowledge of the operator's key catches it.
      const call = (note: string) =>
        ({ method: 'echo_tool', client, context: {}, rawParams: { note }, normalisedParams: { note }, toolResult: { raw: { status: 'SUCCESS' }, humanMessage: 'ok' } }) as unknown as PostSecondaryActionParams;
      const keys = [PrivateKey.generateED25519(), PrivateKey.generateED25519()];
      try {
        for (const [at, key] of keys.entries()) {
          client.setOperator('0.0.2', key);
          await hook.postToolExecutionHook(call(`call ${at} ${key.toStringRaw()}`));
        }
        await hook.close();
      } finally {
        client.close();
      }
      const journal = readFileSync(join(journalDir, 'hcs-0.0.1001.jsonl'), 'utf8');
      const notes = journal.split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((record) => record.r === 'entry').map((record) => record.entry.params.note);
      expect(notes).to.deep.equal(['call 0 [REDACTED]', 'call 1 [REDACTED]']);
      for (const key of keys) expect(journal).not.to.contain(key.toStringRaw());
    });
  });
});
