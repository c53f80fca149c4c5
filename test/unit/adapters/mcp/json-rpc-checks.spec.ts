import { expect } from 'chai';
import { checkContent, checkLine, checkMessage, MAX_BATCH_MESSAGES, MAX_MESSAGE_DEPTH } from '../../../../src/adapters/mcp/json-rpc-checks.js';

/** A tools/call line whose `accountId` argument is `depth` arrays deep, written as text: no recursion builds it. */
function deepCallLine(depth: number): string {
  return `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_hbar_balance_query_tool","arguments":{"accountId":${'['.repeat(depth)}${']'.repeat(depth)}}}}`;
}

describe('the JSON-RPC checks of the MCP transports', () => {
  describe('when a message nests 50 000 arrays deep', () => {
    it('refuses a tools/call as invalid params naming the limit and the field, without overflowing the stack', () => {
      const verdict = checkLine(deepCallLine(50_000));
      expect(verdict).to.have.property('verdicts');
      const [only] = (verdict as { verdicts: unknown[] }).verdicts as { error: { id: unknown; code: number; message: string } }[];
      expect(only!.error.id).to.equal(2);
      expect(only!.error.code).to.equal(-32602);
      expect(only!.error.message).to.equal(`Invalid params for tools/call: params.arguments.accountId[0][0][0][0][0]…: nested deeper than ${MAX_MESSAGE_DEPTH} levels; send flatter data`);
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
      expect(checkMessage(JSON.parse(deepCallLine(MAX_MESSAGE_DEPTH - 2)))).to.have.property('error');
    });
  });

  describe('when a prototype-reaching key hides in a wide argument', () => {
    it('still names it, whichever branch it is in', () => {
      const args = JSON.parse(`{"list":[${'{"a":1},'.repeat(5_000)}{"b":{"constructor":1}}]}`);
      const verdict = checkMessage({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 't', arguments: args } });
      expect(verdict).to.deep.equal({ error: { id: 9, code: -32602, message: 'Invalid params for tools/call: params.arguments.list[5000].b.constructor: the key "constructor" is not allowed' } });
    });
  });

  describe('when the content is a batch', () => {
    it('checks each message on its own, keeping the refused ones as errors with their IDs', () => {
      const verdict = checkContent([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} }, { jsonrpc: '2.0', method: 'notifications/initialized' }]);
      expect(verdict).to.have.property('batch', true);
      const verdicts = (verdict as { verdicts: Record<string, any>[] }).verdicts;
      expect(verdicts.map((each) => ('message' in each ? 'message' : each.error.code))).to.deep.equal(['message', -32602, 'message']);
      expect(verdicts[1]!.error.id).to.equal(2);
    });

    it('answers an empty batch with one invalid-request error, as JSON-RPC 2.0 asks', () => {
      expect(checkContent([])).to.deep.equal({ error: { id: null, code: -32600, message: 'Invalid Request: a batch must hold at least one message' } });
    });

    it(`refuses more than ${MAX_BATCH_MESSAGES} messages, saying how many it holds`, () => {
      const batch = Array.from({ length: MAX_BATCH_MESSAGES + 1 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'ping' }));
      expect(checkContent(batch)).to.deep.equal({
        error: { id: null, code: -32600, message: `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages; this one holds ${MAX_BATCH_MESSAGES + 1}. Send the rest in further batches.` },
      });
    });
  });
});
