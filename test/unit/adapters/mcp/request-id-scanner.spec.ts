import { expect } from 'chai';
import { RequestIdScanner } from '../../../../src/adapters/mcp/request-id-scanner.js';

/** The ID the scanner reads from `text`, fed in pieces of `piece` bytes. */
function idOf(text: string, piece = Number.POSITIVE_INFINITY): unknown {
  const scanner = new RequestIdScanner();
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += Math.min(piece, bytes.length)) scanner.feed(bytes.subarray(at, at + piece));
  return scanner.requestId;
}

/** The method the scanner reads from `text`, fed in pieces of `piece` bytes. */
function methodOf(text: string, piece = Number.POSITIVE_INFINITY): unknown {
  const scanner = new RequestIdScanner();
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += Math.min(piece, bytes.length)) scanner.feed(bytes.subarray(at, at + piece));
  return scanner.method;
}

describe('RequestIdScanner', () => {
  describe('when an oversize request names its method (a tools/call is answered as a tool result)', () => {
    it('reads the top-level method, whatever the pieces, and not one nested in params', () => {
      const text = `{"params":{"method":"ping","arguments":{"pad":"${'x'.repeat(100_000)}"}},"method":"tools/call","id":4`;
      for (const piece of [1, 7, 65_536]) expect(methodOf(text, piece), `pieces of ${piece}`).to.equal('tools/call');
      expect(methodOf('{"params":{"method":"tools/call"},"id":1,"pad":"xxxx')).to.equal(undefined);
    });

    it('reads the tool a tools/call names in params, before or after its arguments, and no name nested deeper or outside params', () => {
      const scan = (text: string, piece: number) => {
        const scanner = new RequestIdScanner();
        const bytes = Buffer.from(text, 'utf8');
        for (let at = 0; at < bytes.length; at += piece) scanner.feed(bytes.subarray(at, at + piece));
        return { id: scanner.requestId, method: scanner.method, name: scanner.paramsName };
      };
      const pad = 'x'.repeat(50_000);
      const before = `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"transfer_hbar_tool","arguments":{"name":"decoy","memo":"${pad}`;
      const after = `{"name":"top-decoy","params":{"arguments":{"nested":{"name":"decoy"},"memo":"${pad}"},"_meta":{},"name":"transfer_hbar_tool"},"method":"tools/call","id":"c"}`;
      for (const piece of [1, 5, 4096]) {
        expect(scan(before, piece), `before, pieces of ${piece}`).to.deep.equal({ id: 8, method: 'tools/call', name: 'transfer_hbar_tool' });
        expect(scan(after, piece), `after, pieces of ${piece}`).to.deep.equal({ id: 'c', method: 'tools/call', name: 'transfer_hbar_tool' });
      }
      expect(scan('{"params":[{"name":"x"}],"method":"tools/call","id":1}', 3).name, 'params that are no object').to.equal(undefined);
      expect(scan('{"params":{"id":5,"method":"ping"},"method":"tools/call","id":1}', 2), 'params keys are not the top level’s').to.deep.equal({ id: 1, method: 'tools/call', name: undefined });
    });

    it('gives undefined for a method that is no string', () => {
      expect(methodOf('{"id":1,"method":{"name":"tools/call"},"pad":"xx')).to.equal(undefined);
      expect(methodOf('{"id":1,"method":7}')).to.equal(undefined);
    });
  });

  describe('when a request carries its ID', () => {
    it('reads a number or a string ID, before or after the params', () => {
      expect(idOf('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"a":"xx"}}')).to.equal(7);
      expect(idOf('{"method":"tools/call","params":{"id":99,"pad":"x"},"id":"call-\\"8\\""}')).to.equal('call-"8"');
    });

    it('reads it whatever the pieces the bytes arrive in', () => {
      const text = '{ "jsonrpc" : "2.0" , "params" : { "id" : 1 , "s" : "}\\\\\\"" } , "id" : -12.5e1 , "method" : "x" }';
      for (let piece = 1; piece <= 8; piece++) expect(idOf(text, piece), `pieces of ${piece}`).to.equal(-125);
    });

    it('reads it from a message too large to keep, without its end', () => {
      expect(idOf(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":{"accountId":"${'x'.repeat(1_000_000)}`, 65_536)).to.equal(5);
    });

    it('decodes an escaped key', () => {
      expect(idOf('{"\\u0069d":3,"method":"ping"}')).to.equal(3);
    });
  });

  describe('when there is no request ID to read', () => {
    it('gives null for a response, a notification, a batch, or an ID that is no string or number', () => {
      expect(idOf('{"jsonrpc":"2.0","id":4,"result":{}}'), 'a response').to.equal(null);
      expect(idOf('{"jsonrpc":"2.0","method":"notifications/initialized"}'), 'a notification').to.equal(null);
      expect(idOf('[{"jsonrpc":"2.0","id":1,"method":"ping"}]'), 'a batch').to.equal(null);
      expect(idOf('{"id":{"n":1},"method":"ping"}'), 'an object').to.equal(null);
      expect(idOf('{"id":true,"method":"ping"}'), 'a boolean').to.equal(null);
      expect(idOf('{"params":{"id":1},"method":"ping"}'), 'only a nested id').to.equal(null);
      expect(idOf(`{"id":"${'9'.repeat(1000)}","method":"ping"}`), 'an absurdly long ID').to.equal(null);
    });
  });
});
