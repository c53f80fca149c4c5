import { expect } from 'chai';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MCP_TOKENS_ENV, mcpTokenMap, stdioPrincipal } from '../../../src/cli/commands/mcp-principal.js';

const TOKEN = 'alice-token-0123456789';

describe('agent-hooks mcp: who the clients are', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'mcp-principal-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fileWith = (text: string, mode: number): string => {
    const file = path.join(dir, 'tokens.json');
    writeFileSync(file, text);
    chmodSync(file, mode);
    return file;
  };

  describe('when the token map is in a file', () => {
    it("reads one that is its owner's only", () => {
      expect(mcpTokenMap(fileWith(JSON.stringify({ alice: TOKEN }), 0o600), undefined)).to.deep.equal({ alice: TOKEN });
    });

    it('refuses one other users of the machine can read, saying how to fix it', () => {
      expect(() => mcpTokenMap(fileWith(JSON.stringify({ alice: TOKEN }), 0o644), undefined)).to.throw(/can be read or written by other users of this machine \(mode 644\); make it its owner's only: chmod 600/);
    });

    it('refuses text that is not JSON without quoting it (it holds tokens)', () => {
      let message = '';
      try {
        mcpTokenMap(fileWith(`{"alice": "${TOKEN}"`, 0o600), undefined);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.contain('is not JSON').and.to.contain('{"alice": "<token>"').and.not.contain(TOKEN);
    });
  });

  describe('when the token map comes from the environment', () => {
    it(`reads ${MCP_TOKENS_ENV}, and refuses it beside --tokens-file`, () => {
      expect(mcpTokenMap(undefined, JSON.stringify({ alice: TOKEN }))).to.deep.equal({ alice: TOKEN });
      expect(() => mcpTokenMap(fileWith('{}', 0o600), '{}')).to.throw(`--tokens-file and ${MCP_TOKENS_ENV} both give the users' tokens; use one.`);
    });

    it('gives nothing when neither is set', () => {
      expect(mcpTokenMap(undefined, undefined)).to.equal(undefined);
      expect(mcpTokenMap(undefined, '')).to.equal(undefined);
    });
  });

  describe('when a stdio server is given its one principal', () => {
    it('names the fields given, and nothing when none is', () => {
      expect(stdioPrincipal({ user: 'alice', tenant: 'acme' })).to.deep.equal({ userId: 'alice', tenantId: 'acme' });
      expect(stdioPrincipal({ session: 's1' })).to.deep.equal({ sessionId: 's1' });
      expect(stdioPrincipal({})).to.equal(undefined);
    });
  });
});
