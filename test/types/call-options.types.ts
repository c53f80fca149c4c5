/* Compile-time checks for the per-call options of kit.execute, from the package entry. */
import type { AgentKit, CallOptions, Principal } from '../../src/index.js';

declare const kit: AgentKit;

const options: CallOptions = { context: { userId: 'alice', sessionId: 's-42', cart: { items: 3 } }, idempotencyKey: 'order-7', toolCallId: 'call_9f' };
void kit.execute('transfer_hbar_tool', {}, options);
void kit.run('transfer_hbar_tool', {}, { toolCallId: 7 });
const principal: Principal = { tenantId: 'acme' };
void principal;

// @ts-expect-error: a misspelt option is flagged, as kit.execute would refuse it
void kit.execute('transfer_hbar_tool', {}, { idempotencykey: 'order-7' });

// @ts-expect-error: an idempotency key is text
void kit.execute('transfer_hbar_tool', {}, { idempotencyKey: 7 });
