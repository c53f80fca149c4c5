import type { Devnet } from '../../src/devnet/index.js';

/** The `network` part of an agent-hooks.config.json that points the CLI at a devnet this spec started. */
export function localNetworkOf(net: Devnet): { network: 'local'; local: { grpcAddress: string; mirrorUrl: string } } {
  return { network: 'local', local: { grpcAddress: net.grpcAddress, mirrorUrl: net.mirrorUrl } };
}

/** The environment a command reads the operator from, for that devnet's funded operator. */
export function operatorEnvOf(net: Devnet): { HEDERA_OPERATOR_ID: string; HEDERA_OPERATOR_KEY: string } {
  return { HEDERA_OPERATOR_ID: net.operatorId, HEDERA_OPERATOR_KEY: net.operatorKey.toStringDer() };
}
