import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkContent } from './json-rpc-checks.js';

/** Transports that check every incoming message themselves (LineTransport, the HTTP server's bodies). */
const checking = new WeakSet<object>();

/** Records that `transport` checks what it hands on, so createMcpServer adds no second check. */
export function markChecked(transport: object): void {
  checking.add(transport);
}

/**
 * `transport` with this adapter's message checks in front of the server, for transports that hand
 * on what they receive unchecked (the SDK's in-memory transport, a custom one): without them the
 * SDK's server answers nothing to a batch or to a request whose `id` is an object (it reports an
 * unknown message to `onerror` and the client waits for ever), and runs a tool call whose
 * `__proto__` argument its schema silently dropped. Each such message gets the answer the stdio
 * and HTTP transports give: an Invalid Request error (id null), or for a tool call's invalid
 * arguments a tool result with `isError`. Checking transports are returned as they are.
 */
export function checkedTransport(transport: Transport): Transport {
  if (checking.has(transport)) return transport;
  let serverOnMessage: Transport['onmessage'];
  const answer = (message: JSONRPCMessage): void => {
    transport.send(message).catch((error: unknown) => transport.onerror?.(error instanceof Error ? error : new Error(String(error))));
  };
  const receive: NonNullable<Transport['onmessage']> = (message, extra) => {
    const verdict = checkContent(message);
    if ('error' in verdict) answer({ jsonrpc: '2.0', id: verdict.error.id, error: { code: verdict.error.code, message: verdict.error.message } } as unknown as JSONRPCMessage);
    else if ('reply' in verdict) answer(verdict.reply);
    else serverOnMessage?.(verdict.message, extra);
  };
  // The server sets its handlers on the transport it was given; only onmessage is put behind the checks.
  return new Proxy(transport, {
    get(target, property, receiver) {
      if (property === 'onmessage') return serverOnMessage;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, property, value, receiver) {
      if (property !== 'onmessage') return Reflect.set(target, property, value, receiver);
      serverOnMessage = value as Transport['onmessage'];
      target.onmessage = value === undefined ? undefined : receive;
      return true;
    },
  });
}
