import { expect } from 'chai';
import { BATCH_REFUSAL, checkContent, checkLine, checkMessage, MAX_MESSAGE_DEPTH } from '../../../../src/adapters/mcp/json-rpc-checks.js';

/** A tools/call line whose `accountId` argument is `depth` arrays deep, written as text: no recursion builds it. */
function deepCallLine(depth: number): string {
  return `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_hbar_balance_query_tool","arguments":{"accountId":${'['.repeat(depth)}${']'.repeat(depth)}}}}`;
}

describe('the JSON-RPC checks of the MCP transports', () => {
  describe('when a message nests 50 000 arrays deep', () => {
    it('answers a tools/call with a tool result (isError) naming the limit and the field, without overflowing the stack', () => {
      const verdict = checkLine(deepCallLine(50_000)) as unknown as { reply: { id: unknown; result: { isError: boolean; content: { text: string }[] } } };
      expect(verdict.reply.id).to.equal(2);
      expect(verdict.reply.result.isError).to.equal(true);
      expect(verdict.reply.result.content[0]!.text).to.contain(`accountId[0][0][0][0][0][0][0]…: nested deeper than ${MAX_MESSAGE_DEPTH} levels`);
    });

    it('refuses any other method as an invalid request naming the limit', () => {
      const deep = JSON.parse(`{"jsonrpc":"2.0","id":"q","method":"tools/list","params":{"_meta":{"x":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}}}`);
      const verdict = checkMessage(deep);
      expect(verdict).to.deep.equal({ error: { id: 'q', code: -32600, message: `Invalid Request: params._meta.x.a.a.a.a.a…: nested deeper than ${MAX_MESSAGE_DEPTH} levels; send flatter data` } });
    });

    it('lets a message exactly at the limit through to the kit, which applies its own', () => {
      // The message is level 1, params 2, arguments 3: the array opens at 4.
      const verdict = checkMessage(JSON.parse(deepCallLine(MAX_MESSAGE_DEPTH - 3)));
      expect(verdict).to.have.property('message');
      expect(checkMessage(JSON.parse(deepCallLine(MAX_MESSAGE_DEPTH - 2)))).to.have.property('reply');
    });
  });

  describe('when a prototype-reaching key hides in a wide argument', () => {
    it('still names it, whichever branch it is in, in a tool result for the model', () => {
      const args = JSON.parse(`{"list":[${'{"a":1},'.repeat(5_000)}{"b":{"constructor":1}}]}`);
      const verdict = checkMessage({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 't', arguments: args } }) as unknown as { reply: { result: { isError: boolean; structuredContent: { raw: { error: string } } } } };
      expect(verdict.reply.result.isError).to.equal(true);
      expect(verdict.reply.result.structuredContent.raw.error).to.equal('Invalid parameters for t: list[5000].b.constructor: the key "constructor" is not allowed');
    });

    it('keeps a tools/call without an ID (no request to answer) a protocol error', () => {
      const verdict = checkMessage(JSON.parse('{"jsonrpc":"2.0","method":"tools/call","params":{"name":"t","arguments":{"__proto__":1}}}'));
      expect(verdict).to.have.property('error');
    });
  });

  describe('when the content is a batch', () => {
    it('refuses it whole with one Invalid Request error (id null): MCP 2025-06-18 and later carry no batches', () => {
      const refusal = { error: { id: null, code: -32600, message: BATCH_REFUSAL } };
      expect(checkContent([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }])).to.deep.equal(refusal);
      expect(checkContent([])).to.deep.equal(refusal);
    });
  });

  describe('when a request’s id is an object', () => {
    it('refuses it as an Invalid Request with id null', () => {
      expect(checkMessage({ jsonrpc: '2.0', id: { n: 1 }, method: 'ping' })).to.deep.equal({ error: { id: null, code: -32600, message: 'Invalid Request: expected a JSON-RPC 2.0 request, notification or response object' } });
    });
  });
});
