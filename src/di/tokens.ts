import type { Client } from '@hiero-ledger/sdk';
import type { InjectionToken } from 'tsyringe';
import type { Context } from '../lifecycle/context.js';

// Registered symbols: the CommonJS and ES-module builds of this package must name the same token.

/** The kit's operator client. Registered in every kit's container. */
export const HEDERA_CLIENT: InjectionToken<Client> = Symbol.for('hedera-agent-hooks.HederaClient');

/**
 * The client audit hooks submit with. Register your own in the container you pass to
 * `createAgentKit` to log through a separate account; defaults to HEDERA_CLIENT.
 */
export const AUDIT_CLIENT: InjectionToken<Client> = Symbol.for('hedera-agent-hooks.AuditClient');

/** The kit's context object. */
export const KIT_CONTEXT: InjectionToken<Context> = Symbol.for('hedera-agent-hooks.Context');
