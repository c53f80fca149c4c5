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

  describe("when the token map is named by the configuration's mcp.tokensFile", () => {
    const configured = (file: string) => ({ file, source: '/srv/agent-hooks.config.json' });

    it("reads it when neither --tokens-file nor the environment gives one, and only if it is its owner's only", () => {
      expect(mcpTokenMap(undefined, undefined, configured(fileWith(JSON.stringify({ alice: TOKEN }), 0o600)))).to.deep.equal({ alice: TOKEN });
      expect(() => mcpTokenMap(undefined, undefined, configured(fileWith('{}', 0o640)))).to.throw(
        /^mcp\.tokensFile \S+tokens\.json \(in \/srv\/agent-hooks\.config\.json\) can be read or written by other users of this machine \(mode 640\); make it its owner's only: chmod 600/,
      );
      expect(() => mcpTokenMap(undefined, undefined, configured(path.join(dir, 'missing.json')))).to.throw(/^mcp\.tokensFile \S+missing\.json \(in \/srv\/agent-hooks\.config\.json\) cannot be read/);
    });

    it(`lets --tokens-file and ${MCP_TOKENS_ENV} win over it`, () => {
      const fromConfig = configured(fileWith(JSON.stringify({ alice: TOKEN }), 0o600));
      const flagFile = path.join(dir, 'flag-tokens.json');
      writeFileSync(flagFile, JSON.stringify({ bob: TOKEN }), { mode: 0o600 });
      expect(mcpTokenMap(flagFile, undefined, fromConfig)).to.deep.equal({ bob: TOKEN });
      expect(mcpTokenMap(undefined, JSON.stringify({ carol: TOKEN }), fromConfig)).to.deep.equal({ carol: TOKEN });
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

    it("takes the configuration's mcp.principal when no flag names one, and flags replace it whole", () => {
      const fromFile = { userId: 'alice', tenantId: 'acme' };
      expect(stdioPrincipal({}, fromFile)).to.deep.equal({ userId: 'alice', tenantId: 'acme' });
      // A user named on the command line must not inherit the file's tenant, and with it acme's budget.
      expect(stdioPrincipal({ user: 'mallory' }, fromFile)).to.deep.equal({ userId: 'mallory' });
      expect(stdioPrincipal({}, {})).to.equal(undefined);
    });
  });
});
