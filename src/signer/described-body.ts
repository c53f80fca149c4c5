import type { Movement } from '../values/movement.js';

/**
 * What a TransactionBody does, read from its bytes alone (see describeBody): who pays, under which
 * transaction ID and window, and every movement of value it makes or grants the power to make.
 * The policy signer judges this and nothing else, so a field it cannot read makes the body refused.
 */
export interface DescribedBody {
  /** The body's `data` field: `cryptoTransfer`, `scheduleCreate`, … (the proto's own names). */
  readonly type: string;
  /**
   * Whether the signer can name everything the type moves. `false` for a type it cannot judge
   * (node administration, freeze, hooks, a type newer than its protobufs): refused unless allowed by name.
   */
  readonly known: boolean;
  /** Why `known` is false, in a sentence. */
  readonly unknownReason?: string;
  /** `0.0.2@1700000000.000000123`, with `?scheduled` and `/nonce` as the SDK writes them. */
  readonly transactionId: string;
  /** The paying account, `shard.realm.num`. */
  readonly payer: string;
  /** The node the body is addressed to; the only field the bodies of one transaction differ in. */
  readonly nodeAccountId?: string;
  /** `seconds.nanos` of the transaction's valid start. */
  readonly validStart: string;
  readonly validDurationSeconds: number;
  /** The most the payer accepts to pay as the transaction fee, in tinybars. */
  readonly maxFee: bigint;
  /** The fee ceiling beyond `maxFee`: an EthereumTransaction's `maxGasAllowance` (tinybars), 0 otherwise. */
  readonly maxGasAllowance: bigint;
  readonly memo: string;
  /**
   * Every movement of value of the body itself, in the project's Movement shape. Amounts not known
   * from the bytes (an account deletion's balance, an NFT allowance for all serials, a key change
   * that hands an account over) are `unbounded: true`. Inner bodies' movements are not here: see
   * `inner` and allMovements().
   */
  readonly movements: readonly Movement[];
  /** Bodies this one carries: a ScheduleCreate's scheduled body, each transaction of an atomic batch. */
  readonly inner: readonly InnerBody[];
  /** What only the ledger can tell, which the judge resolves before judging (a ScheduleSign's schedule). */
  readonly lookups: readonly Lookup[];
  /** Readable facts of the type that move nothing but help a person judge (a token's treasury, a topic ID). */
  readonly details: Readonly<Record<string, string>>;
}

/** A body carried inside another one. */
export interface InnerBody {
  /** `scheduled` (a ScheduleCreate's body, run later) or `batch` (one transaction of an atomic batch). */
  readonly role: 'scheduled' | 'batch';
  readonly body: DescribedBody;
}

/** A fact the bytes point at but do not hold. */
export type Lookup =
  /** A ScheduleSign completes the schedule `scheduleId`: what it runs is the schedule's body on the ledger. */
  | { readonly kind: 'scheduleBody'; readonly scheduleId: string }
  /** A topic message without `maxCustomFees` pays whatever custom fees the topic charges (HIP-991). */
  | { readonly kind: 'topicCustomFees'; readonly topicId: string; readonly payer: string };

/** The `to` of units a burn or wipe destroys. */
export const DESTROYED = 'destroyed';
/** The `to` of an account handed over: a key change gives its whole balance to whoever holds the new key. */
export const NEW_KEY_HOLDER = 'new-key-holder';

/** The body's movements and those of every body it carries, depth first. */
export function allMovements(body: DescribedBody): Movement[] {
  return [...body.movements, ...body.inner.flatMap((inner) => allMovements(inner.body))];
}

/** The body and every body it carries, depth first. */
export function allBodies(body: DescribedBody): DescribedBody[] {
  return [body, ...body.inner.flatMap((inner) => allBodies(inner.body))];
}
