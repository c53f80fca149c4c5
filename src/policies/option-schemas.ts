import { z } from 'zod';
import { argPathOf, invalidArgument, messageOf, optionsError } from '../errors/index.js';
import { decimalParts } from '../params/decimal-amount.js';
import { isEntityId } from '../values/sdk-values.js';
import { CURRENT_TREASURY, NEW_ACCOUNT, canonicalAccountId, canonicalTokenId } from './account-ids.js';
import { HBAR_DECIMALS } from './movement-amounts.js';

/**
 * The pieces the built-in policies' option schemas share, each with a message saying what it
 * accepts (parseOptions puts it after "'field' must be"). Checks only: the policies convert what
 * passed as they always did, so a schema here never changes what a value means.
 */

/** Tool names a policy covers: `['transfer_hbar_tool']`, or `['*']` for every tool. */
export const toolsOption = z.array(z.string({ error: 'a tool name (a non-empty string)' }).min(1, { error: 'a tool name (a non-empty string)' }), {
  error: "a list of tool names (or ['*'] for every tool)",
});

/** 1 to 64 letters, digits, `_ . -`: a budget's, a group's or the counts' name in a store. */
export const storeNameOption = z.string({ error: "1 to 64 letters, digits, '_', '.' or '-'" }).regex(/^[\w.-]{1,64}$/, { error: "1 to 64 letters, digits, '_', '.' or '-'" });

/**
 * An amount of HBAR in HBAR, as a number or a decimal string (`100`, `"0.5"`), at most 8 decimal
 * places; `positive` refuses 0 (a budget of nothing), else 0 is a cap that lets nothing through.
 */
export function hbarOption(positive: boolean, example: string) {
  const accepted = `${positive ? 'a positive' : 'an'} amount of HBAR with at most ${HBAR_DECIMALS} decimal places, such as ${example} or "0.5"`;
  return z.union([z.number(), z.string()], { error: accepted }).superRefine((value, ctx) => {
    const problem = decimalProblem(value, positive, HBAR_DECIMALS);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `${accepted}${problem}`, input: value });
  });
}

/** A token amount in display units (`25`, `"0.5"`), its decimals checked once the token's are known. */
export function displayAmountOption(positive: boolean, accepted: string) {
  return z.union([z.number(), z.string()], { error: accepted }).superRefine((value, ctx) => {
    if (decimalProblem(value, positive) !== undefined) ctx.addIssue({ code: 'custom', message: accepted, input: value });
  });
}

/** Why a decimal is refused, as a bracket after what is accepted ('' when it is no decimal at all); undefined when fine. */
export function decimalProblem(value: unknown, positive: boolean, maxDecimals?: number): string | undefined {
  const parts = decimalParts(value);
  if (!parts) return '';
  if (positive && /^0*$/.test(parts.whole + parts.fraction)) return ' (not 0)';
  if (maxDecimals !== undefined && parts.fraction.length > maxDecimals) return ` (this one has ${parts.fraction.length} decimal places)`;
  return undefined;
}

const PLAIN_TOKEN_ID = /^\d+\.\d+\.\d+$/;

/**
 * A map keyed by token ID (`{ "0.0.5678": … }`). With `canonical`, a key may be spelt any way a
 * token ID can (`0.0.009`, a checksum) and each token may be keyed once: `0.0.9` and `0.0.009` are
 * the same token, and a map naming it twice is refused rather than one cap silently kept. Without
 * it, keys are plain `shard.realm.num`, kept as written.
 */
export function tokenMapOption<T extends z.ZodType>(value: T, accepted: string, canonical: boolean) {
  return z.record(z.string(), value, { error: accepted }).superRefine((tokens, ctx) => {
    const seen = new Map<string, string>();
    for (const key of Object.keys(tokens)) {
      let token: string;
      try {
        if (!canonical && !PLAIN_TOKEN_ID.test(key)) throw new Error('not plain');
        token = canonical ? canonicalTokenId(key, key) : key;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'keyed by token IDs such as 0.0.5678 (shard.realm.num)', path: [key], input: key });
        continue;
      }
      const first = seen.get(token);
      if (first !== undefined) ctx.addIssue({ code: 'custom', message: `a token listed once ("${first}" and "${key}" are ${token}: tokens lists ${token} twice)`, path: [key], input: key });
      else seen.set(token, key);
    }
  });
}

/** A whole number of milliseconds from `min` to `max`, in `step`s; `accepted` says so. */
export function wholeMsOption(accepted: string, min: number, max: number, step = 1) {
  return z.number({ error: accepted }).refine((ms) => Number.isSafeInteger(ms) && ms >= min && ms <= max && ms % step === 0, { error: accepted });
}

/** A function option (a clock, a condition, a strategy): shown as unrepresentable in JSON Schema. */
export function functionOption<F extends (...args: never[]) => unknown>(accepted: string) {
  return z.custom<F>((value) => typeof value === 'function', { error: accepted });
}

/**
 * An account a recipient list names: an ID (`0.0.1001`, `0.0.1001-abcde`, a long-zero EVM address),
 * an AccountId, or the stand-ins `'new-account'` and `'current-treasury'`. An alias or an EVM address
 * the network must resolve is refused, saying why.
 */
export const accountOption = z
  .union([z.string(), z.custom<object>((value) => isEntityId(value))], { error: "an account ID such as 0.0.1001 (or 'new-account')" })
  .superRefine((account, ctx) => {
    if (account === NEW_ACCOUNT || account === CURRENT_TREASURY) return;
    try {
      canonicalAccountId(account, 'account');
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `an account ID such as 0.0.1001 (${messageOf(error).replace(/^account: /, '')})`, input: account });
    }
  });

/**
 * Parses one positional constructor argument, named as its parameter is (`'accounts'`,
 * `'maxRecipients'`), so messages say `'accounts[1]' must be …` while `argPath` stays `[argIndex, 1]`
 * (the argument has no field of that name in a configuration file's `args`).
 */
export function parseArgument<S extends z.ZodType>(owner: string, name: string, schema: S, value: unknown, argIndex: number): z.output<S> {
  const named = z.object({ [name]: schema });
  const parsed = named.safeParse({ [name]: value }, { reportInput: true });
  if (parsed.success) return (parsed.data as Record<string, z.output<S>>)[name]!;
  const error = optionsError(owner, named, parsed.error.issues, argIndex);
  throw invalidArgument(error.message, [argIndex, ...(argPathOf(error) ?? []).slice(2)]);
}
