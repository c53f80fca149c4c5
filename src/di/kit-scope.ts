import type { Client } from '@hiero-ledger/sdk';
import type { DependencyContainer } from 'tsyringe';
import type { Context } from '../lifecycle/context.js';
import type { Logger } from '../lifecycle/logger.js';
import type { KeyRedactor } from '../secrets/key-redactor.js';

/** What a hook or policy can learn about the kit it was registered with. */
export interface KitScope {
  container: DependencyContainer;
  context: Context;
  client: Client;
  /** Already redacting with `secrets`. */
  logger: Logger;
  /** The kit's key redactor; a hook that logs with its own client adds it (protectClient). */
  secrets: KeyRedactor;
}

/**
 * Implemented by hooks and policies that need their kit, e.g. to take the AUDIT_CLIENT from its
 * container. Called once when the instance is registered; an instance belongs to one kit.
 *
 * A returned promise is the instance's start-up (an audit hook checks its topic and opens its
 * journal): `createAgentKit` waits for it, and a rejection refuses the start with its message.
 * Where nobody waits (`kit.use`, `HederaAgentAPI`), the instance must refuse its calls itself.
 */
export interface KitAware {
  attachToKit(scope: KitScope): void | Promise<void>;
}

export function isKitAware(value: unknown): value is KitAware {
  return value !== null && typeof value === 'object' && typeof (value as KitAware).attachToKit === 'function';
}
