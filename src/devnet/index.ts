/**
 * `hedera-agent-hooks/devnet`: an embedded Hedera network for tests and demos.
 *
 * @example
 * import { startDevnet } from 'hedera-agent-hooks/devnet';
 * const net = await startDevnet();
 * const client = net.client();
 * // … run SDK transactions and queries against it, read net.mirrorUrl over HTTP …
 * await net.stop();
 */
export { startDevnet, type CreateAccountOptions, type Devnet, type DevnetOptions } from './devnet.js';
export { createDevnetClient } from './devnet-client.js';
export { ERC20_FACTORY_NUM, ERC721_FACTORY_NUM, type DevnetContracts, type GenesisContract } from './evm/factories.js';
export { GAS_PRICE_TINYBARS } from './evm/gas.js';
export { DevnetFaults, type FaultHandle, type FaultSpec, type FaultTarget, type GrpcErrorName } from './faults.js';
export { MirrorFaults, type MirrorFaultHandle, type MirrorFaultSpec } from './mirror/mirror-faults.js';
export { DEFAULT_EXCHANGE_RATE, type RateEquivalent } from './ledger/exchange-rate.js';
export type { RunningHashFormat } from './ledger/running-hash.js';
export type { StatusName } from './ledger/status-error.js';
