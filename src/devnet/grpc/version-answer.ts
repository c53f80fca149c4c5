import type { QueryAnswer } from './query-answer.js';

/**
 * The HAPI version the devnet speaks: that of the protobufs in @hiero-ledger/proto 2.31.0, the package
 * the SDK pins, which its build takes from hiero-consensus-node tag v0.73.0 (packages/proto/Taskfile.yml
 * in hiero-sdk-js). A node answers its services release with the same number, so both are 0.73.0.
 */
export const HAPI_VERSION = { major: 0, minor: 73, patch: 0 } as const;

/** networkGetVersionInfo: the HAPI protobuf and services versions. */
export const versionInfoAnswer: QueryAnswer = () => ({ hapiProtoVersion: { ...HAPI_VERSION }, hederaServicesVersion: { ...HAPI_VERSION } });
