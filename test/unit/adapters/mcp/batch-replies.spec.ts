import { expect } from 'chai';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BatchReplies } from '../../../../src/adapters/mcp/batch-replies.js';

const answer = (id: string | number): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: {} }) as JSONRPCMessage;

describe('BatchReplies', () => {
  describe('when a batch awaits two requests', () => {
    it('holds the first answer and sends both, with the refusals, as one array once the second comes', () => {
      const batches = new BatchReplies();
      const refusal = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'no' } };
      expect(batches.start([1, 'b'], [refusal])).to.equal(undefined);
      expect(batches.route(answer('b'))).to.deep.equal({ held: true });
      expect(batches.route(answer(1))).to.deep.equal({ send: [refusal, answer('b'), answer(1)] });
      expect(batches.route(answer(1)), 'the batch is done: a later answer goes alone').to.deep.equal({ send: answer(1) });
    });

    it('waits for as many answers as the batch repeats an ID', () => {
      const batches = new BatchReplies();
      batches.start([7, 7], []);
      expect(batches.route(answer(7))).to.deep.equal({ held: true });
      expect(batches.route(answer(7))).to.deep.equal({ send: [answer(7), answer(7)] });
    });

    it('stops waiting for a request the client cancelled, which the server never answers', () => {
      const batches = new BatchReplies();
      batches.start([1, 2], []);
      expect(batches.route(answer(1))).to.deep.equal({ held: true });
      expect(batches.cancel(2)).to.deep.equal([answer(1)]);
      expect(batches.cancel(1), 'nothing awaits it any more').to.equal(undefined);
    });

    it('sends nothing when every request was cancelled', () => {
      const batches = new BatchReplies();
      batches.start([1], []);
      expect(batches.cancel(1)).to.equal(undefined);
    });
  });

  describe('when no batch awaits a message', () => {
    it('sends the server’s own requests and notifications, and answers to single requests, at once', () => {
      const batches = new BatchReplies();
      batches.start([1], []);
      const elicit = { jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: {} } as JSONRPCMessage;
      expect(batches.route(elicit), 'a server request with a clashing ID').to.deep.equal({ send: elicit });
      expect(batches.route(answer(5))).to.deep.equal({ send: answer(5) });
    });

    it('answers a batch of notifications only with nothing, and one of refusals only with them at once', () => {
      const batches = new BatchReplies();
      expect(batches.start([], [])).to.equal(undefined);
      expect(batches.start([], ['refused'])).to.deep.equal(['refused']);
    });
  });
});
