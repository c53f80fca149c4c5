import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConsole, type ConsoleOptions } from '../../../src/console/index.js';

/** startConsole's `tokens`: one per named approver, refused with a sentence naming what is wrong. */
describe('startConsole tokens per approver', () => {
  let journalDir: string;
  beforeEach(() => (journalDir = mkdtempSync(join(tmpdir(), 'console-tokens-'))));
  afterEach(() => rmSync(journalDir, { recursive: true, force: true }));

  const refusal = async (options: Partial<ConsoleOptions> & Record<string, unknown>): Promise<string> => {
    try {
      const running = await startConsole({ journalDir, port: 0, ...options } as ConsoleOptions);
      await running.close();
    } catch (error) {
      return (error as Error).message;
    }
    return 'started';
  };

  it('refuses two approvers sharing one token: its holder would count twice', async () => {
    expect(await refusal({ tokens: { alice: 'one-shared-secret-token', bob: 'one-shared-secret-token' } })).to.equal(
      'startConsole: tokens.alice and tokens.bob are the same token: its holder would count as two approvers; give each approver a token of their own.',
    );
  });

  it('refuses a short token, naming whose', async () => {
    expect(await refusal({ tokens: { alice: 'alice-secret-token-0123', bob: 'short' } })).to.equal('startConsole: tokens.bob must be a string of at least 16 characters without spaces; got 5 characters.');
  });

  it('refuses a name a decision could not carry, an empty object, and tokens beside a single token', async () => {
    expect(await refusal({ tokens: { 'al ice': 'alice-secret-token-0123' } })).to.contain('the approver name "al ice" in \'tokens\' must be 1 to 64 letters');
    expect(await refusal({ tokens: {} })).to.contain("'tokens' must be an object naming each approver's token");
    expect(await refusal({ tokens: { alice: 'alice-secret-token-0123' }, token: 'another-secret-token-0123' })).to.equal("startConsole: give 'token' (one operator, named by 'tokenName') or 'tokens' (one per named approver), not both.");
  });

  it('listens beyond loopback with tokens and no single token', async () => {
    const running = await startConsole({ journalDir, port: 0, host: '0.0.0.0', tokens: { alice: 'alice-secret-token-0123' } });
    try {
      const url = running.url.replace('0.0.0.0', '127.0.0.1');
      expect((await fetch(`${url}api/calls`, { headers: { authorization: 'Bearer alice-secret-token-0123' } })).status).to.equal(200);
      expect((await fetch(`${url}api/calls`)).status).to.equal(401);
    } finally {
      await running.close();
    }
  });
});
