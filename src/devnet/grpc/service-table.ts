import { proto } from '@hiero-ledger/proto';

/** One unary HAPI method. */
export interface RpcMethod {
  service: string;
  method: string;
  /** `/proto.<Service>/<method>` as the SDK calls it */
  path: string;
  kind: 'transaction' | 'query';
}

const SERVICES = [
  'CryptoService', 'TokenService', 'ConsensusService', 'ScheduleService', 'SmartContractService',
  'NetworkService', 'FileService', 'UtilService', 'AddressBookService', 'FreezeService',
] as const;

type RpcCall = (method: { name: string }, request: { name: string }) => void;

/**
 * Lists every HAPI method by asking the generated protobufjs service stubs which request type each method
 * sends, so the table follows the proto package the SDK pins instead of a hand-written copy.
 */
export function listRpcMethods(): RpcMethod[] {
  const methods: RpcMethod[] = [];
  const registry = proto as unknown as Record<string, { prototype: object; create(impl: unknown): Record<string, unknown> }>;
  for (const service of SERVICES) {
    const ctor = registry[service];
    if (!ctor) continue;
    const stub = ctor.create(() => undefined);
    const found: Array<{ method: string; request: string }> = [];
    (stub as { rpcCall: RpcCall }).rpcCall = (method, request) => { found.push({ method: method.name, request: request.name }); };
    for (const name of Object.getOwnPropertyNames(ctor.prototype)) {
      if (name === 'constructor') continue;
      (stub[name] as (request: object, callback: () => void) => void)({}, () => undefined);
    }
    for (const { method, request } of found) {
      methods.push({ service, method, path: `/proto.${service}/${method}`, kind: request === 'Transaction' ? 'transaction' : 'query' });
    }
  }
  return methods;
}
