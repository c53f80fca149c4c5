import { z } from 'zod';
import { MAX_PRINCIPAL_CHARS } from '../../lifecycle/call-options.js';

const name = z.string().min(1).max(MAX_PRINCIPAL_CHARS);

/**
 * For whom a call ran, as an entry records it: the `userId`, `sessionId` and `tenantId` strings of its
 * context, at least one of them (an entry whose call named nobody leaves the field out).
 */
export const principalSchema = z
  .object({ userId: name.optional(), sessionId: name.optional(), tenantId: name.optional() })
  .strict()
  .refine((principal) => Object.keys(principal).length > 0, 'a principal names at least one of userId, sessionId, tenantId');
