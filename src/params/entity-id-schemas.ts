import { AccountId, ScheduleId, TokenId, TopicId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { paramIssue } from './param-issue.js';

/** `shard.realm.num`, each part a non-negative integer without sign or leading noise. */
const ENTITY_ID = /^(0|[1-9]\d{0,9})\.(0|[1-9]\d{0,15})\.(0|[1-9]\d{0,18})$/;

/**
 * The largest shard, realm and entity number a Hedera entity ID can carry: the network and its mirror
 * nodes pack IDs into 64 bits as 10 bits of shard, 16 of realm and 38 of number. Larger parts are
 * refused here, naming the field, rather than reaching the mirror as a bare HTTP 400.
 */
const ENTITY_ID_LIMITS = { shard: 1_023n, realm: 65_535n, num: 274_877_906_943n } as const;

function entityIdSchema(kind: string, example: string) {
  return z
    .string({ error: `expected ${kind} ID string like ${example}` })
    .trim()
    .regex(ENTITY_ID, { error: `expected ${kind} ID like ${example} (shard.realm.num)` })
    .refine(withinLimits, {
      error: `${kind} ID is out of range: shard at most ${ENTITY_ID_LIMITS.shard}, realm at most ${ENTITY_ID_LIMITS.realm}, number at most ${ENTITY_ID_LIMITS.num}`,
    });
}

function withinLimits(id: string): boolean {
  // zod runs every check; a malformed ID already has the format message, so it is not judged here.
  if (!ENTITY_ID.test(id)) return true;
  const [shard, realm, num] = id.split('.').map((part) => BigInt(part));
  return shard! <= ENTITY_ID_LIMITS.shard && realm! <= ENTITY_ID_LIMITS.realm && num! <= ENTITY_ID_LIMITS.num;
}

/**
 * A Hedera account ID as an LLM would write it: `"0.0.1234"`.
 *
 * @example
 * accountIdSchema.parse('0.0.1234'); // '0.0.1234'
 * accountIdSchema.safeParse('alice').success; // false: "expected an account ID like 0.0.1234 (shard.realm.num)"
 */
export const accountIdSchema = entityIdSchema('an account', '0.0.1234').describe(
  'Hedera account ID in shard.realm.num form, e.g. "0.0.1234".',
);

/** A Hedera token ID, e.g. `"0.0.5678"`. */
export const tokenIdSchema = entityIdSchema('a token', '0.0.1234').describe('Hedera token ID in shard.realm.num form, e.g. "0.0.5678".');

/** A Hedera consensus topic ID, e.g. `"0.0.4321"`. */
export const topicIdSchema = entityIdSchema('a topic', '0.0.1234').describe('Hedera topic ID in shard.realm.num form, e.g. "0.0.4321".');

/** A Hedera schedule ID, e.g. `"0.0.8765"`. */
export const scheduleIdSchema = entityIdSchema('a schedule', '0.0.1234').describe('Hedera schedule ID in shard.realm.num form, e.g. "0.0.8765".');

/**
 * Converts a validated ID string to an SDK AccountId; a value that still does not parse (an ID part
 * out of range) becomes a parameter issue naming the field.
 *
 * @example
 * const to = toAccountId(params.accountId, 'accountId');
 */
export function toAccountId(value: string, field: string, tool?: string): AccountId {
  return convert(() => AccountId.fromString(value), value, field, 'an account', tool);
}

export function toTokenId(value: string, field: string, tool?: string): TokenId {
  return convert(() => TokenId.fromString(value), value, field, 'a token', tool);
}

export function toTopicId(value: string, field: string, tool?: string): TopicId {
  return convert(() => TopicId.fromString(value), value, field, 'a topic', tool);
}

export function toScheduleId(value: string, field: string, tool?: string): ScheduleId {
  return convert(() => ScheduleId.fromString(value), value, field, 'a schedule', tool);
}

function convert<T>(parse: () => T, value: string, field: string, kind: string, tool?: string): T {
  if (typeof value === 'string' && ENTITY_ID.test(value.trim()) && withinLimits(value.trim())) {
    try {
      return parse();
    } catch {
      // fall through to the uniform message below
    }
  }
  throw paramIssue(field, `"${String(value)}" is not ${kind} ID; expected an ID like 0.0.1234 (shard.realm.num)`, tool);
}
