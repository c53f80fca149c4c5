import { expect } from 'chai';
import { configJsonSchema } from '../../../src/config/config-json-schema.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { configProblemsOf } from '../../support/config-problems.js';

const TOKEN = 'alice-token-0123456789abcdef';

describe('"mcp" in a configuration: who the clients of agent-hooks mcp are', () => {
  describe('when it names a tokens file or the stdio principal', () => {
    it('keeps each as written, for agent-hooks mcp to read', () => {
      expect(parseConfig({ mcp: { tokensFile: 'mcp-tokens.json' } }, 'test.json', '/tmp').config.mcp).to.deep.equal({ tokensFile: 'mcp-tokens.json' });
      expect(parseConfig({ mcp: { principal: { userId: 'alice', tenantId: 'acme', sessionId: 's1' } } }, 'test.json', '/tmp').config.mcp).to.deep.equal({
        principal: { userId: 'alice', tenantId: 'acme', sessionId: 's1' },
      });
    });

    it('is documented in the JSON schema editors read', () => {
      const mcp = configJsonSchema().properties.mcp as { description: string; properties: Record<string, unknown>; additionalProperties: boolean };
      expect(mcp.description).to.contain('tokensFile').and.to.contain('principal').and.to.contain('never go in this file');
      expect(Object.keys(mcp.properties)).to.deep.equal(['tokensFile', 'principal']);
      expect(mcp.additionalProperties).to.equal(false);
    });
  });

  describe('when an operator writes it wrong', () => {
    it('refuses the tokens themselves in the file, naming the field and what is accepted, without echoing a token', () => {
      const problems = configProblemsOf({ mcp: { tokens: { alice: TOKEN } } });
      expect(problems).to.deep.equal(['mcp.tokens: unknown field; accepted fields: tokensFile, principal']);
      expect(problems.join('\n')).to.not.contain(TOKEN);
    });

    it('refuses a tokens file that is not a path', () => {
      expect(configProblemsOf({ mcp: { tokensFile: '' } })).to.deep.equal(['mcp.tokensFile: a file path, e.g. "mcp-tokens.json" (relative to this file)']);
      expect(configProblemsOf({ mcp: { tokensFile: { alice: TOKEN } } })).to.deep.equal(['mcp.tokensFile: a file path, e.g. "mcp-tokens.json" (relative to this file)']);
    });

    it('refuses a principal that names nobody, a name that is not text, too long or empty, and a field of another name', () => {
      expect(configProblemsOf({ mcp: { principal: {} } })).to.deep.equal(['mcp.principal: name at least one of userId, tenantId, sessionId, e.g. { "userId": "alice" }']);
      expect(configProblemsOf({ mcp: { principal: { userId: 42, tenantId: '', sessionId: 'x'.repeat(201) } } })).to.deep.equal([
        'mcp.principal.userId: a name as text, e.g. "alice"',
        'mcp.principal.tenantId: a name as text, e.g. "alice" (leave the field out rather than empty)',
        'mcp.principal.sessionId: at most 200 characters',
      ]);
      expect(configProblemsOf({ mcp: { principal: { user: 'alice' } } })).to.deep.equal([
        'mcp.principal.user: unknown field; accepted fields: userId, tenantId, sessionId',
        'mcp.principal: name at least one of userId, tenantId, sessionId, e.g. { "userId": "alice" }',
      ]);
    });

    it('refuses both at once, which no transport takes', () => {
      expect(configProblemsOf({ mcp: { tokensFile: 'mcp-tokens.json', principal: { userId: 'alice' } } })).to.deep.equal([
        'mcp: give "tokensFile" (over --http, each client is the user its token names) or "principal" (over stdio, the one client), not both: no transport takes both',
      ]);
    });

    it('refuses an mcp that is not an object', () => {
      expect(configProblemsOf({ mcp: 'mcp-tokens.json' })).to.deep.equal(['mcp: an object: { "tokensFile": "mcp-tokens.json" } over --http, or { "principal": { "userId": "alice" } } over stdio']);
      expect(configProblemsOf({ mcp: { principal: 'alice' } })).to.deep.equal(['mcp.principal: an object naming who every call is for: { "userId"?, "tenantId"?, "sessionId"? }']);
    });
  });
});
