import { Environment, type ParseResult } from '@marcbachmann/cel-js';
import { z } from 'zod';
import { invalidArgument, messageOf, parseOptions } from '../errors/index.js';
import { isThenable } from '../lifecycle/policy-judge.js';
import type { PreToolExecutionParams } from '../lifecycle/stage-events.js';
import { HOOK_STAGES, type HookStage } from '../lifecycle/stages.js';
import { AbstractPolicy, POLICY_METHODS } from '../listeners/abstract-policy.js';
import { celMovement, celValue } from './cel-values.js';
import type { Movement } from '../values/movement.js';
import { listed } from './movement-policy.js';
import { movementsOfEvent } from './movements.js';
import { toolsOption } from './option-schemas.js';

export interface ExpressionPolicyOptions {
  /**
   * A CEL expression that is true for the calls to allow, over `method`, `movements`, `rawParams`,
   * `normalisedParams` and `context`, e.g. `movements.all(m, m.asset != 'HBAR' || m.amount <= 10000000000)`.
   */
  expression: string;
  /** Why a call the expression refuses is refused: shown in `blockedBy.reason`. */
  message: string;
  /** The stage it judges; default `postParamsNormalization` (the first with `movements`). */
  stage?: HookStage;
  /** Tools to cover; default every tool (`['*']`). */
  tools?: string[];
  /** The policy's name in `blockedBy.policy`; default `'Expression Policy'`. */
  name?: string;
}

const MAX_EXPRESSION_LENGTH = 10_000;
const EXPRESSION_ACCEPTED = `a CEL expression (a non-empty string of at most ${MAX_EXPRESSION_LENGTH} characters)`;
const MESSAGE_ACCEPTED = 'say why a refused call is refused (a non-empty string)';

/** ExpressionPolicy's options; whether the expression compiles is checked when the policy is made. */
export const expressionPolicyOptions = z
  .object(
    {
      expression: z.string({ error: EXPRESSION_ACCEPTED }).refine((text) => text.trim() !== '' && text.length <= MAX_EXPRESSION_LENGTH, { error: EXPRESSION_ACCEPTED }),
      message: z.string({ error: MESSAGE_ACCEPTED }).refine((text) => text.trim() !== '', { error: MESSAGE_ACCEPTED }),
      stage: z.enum(HOOK_STAGES, { error: `one of ${HOOK_STAGES.join(', ')}` }).optional(),
      tools: toolsOption.optional(),
      name: z.string({ error: 'a non-empty string' }).refine((name) => name.trim() !== '', { error: 'a non-empty string' }).optional(),
    } satisfies Record<keyof ExpressionPolicyOptions, z.ZodType>,
    { error: '{ expression, message, stage?, tools?, name? }' },
  )
  .strict();
const CONTEXT_OBJECTS = new Set(['hooks', 'strategy', 'transactionStrategy']);

/**
 * A policy written as a CEL expression (the Common Expression Language, as in Kubernetes admission
 * policies), evaluated by @marcbachmann/cel-js. The expression says what is allowed: true allows,
 * false blocks with `message`, and anything else (an error such as a missing key, a non-boolean
 * answer) blocks too, saying so. Amounts are CEL ints (64-bit), so they compare exactly: 100 HBAR is
 * `10000000000` tinybars. It is parsed and type-checked once, when constructed; an expression that
 * does not compile is refused then, naming the `expression` field.
 *
 * Variables: `method` (string), `movements` (a list of maps `{ asset, from, to, amount, display,
 * serial?, decimals?, unbounded? }`, or null before normalisation or for a tool without a view),
 * `rawParams` (the input as sent), `normalisedParams` (SDK values as CEL values: Long → int, Hbar →
 * int tinybars, IDs → strings; null before normalisation) and `context` (the kit's context, plain
 * fields only).
 *
 * @example
 * new ExpressionPolicy({
 *   expression: "movements.all(m, m.asset != 'HBAR' || m.amount <= 10000000000)",
 *   message: 'no transfer above 100 HBAR',
 * })
 */
export class ExpressionPolicy extends AbstractPolicy {
  override name: string;
  override description: string;
  override relevantTools: string[];
  override readonly readsMovements: boolean;
  readonly stage: HookStage;
  private readonly expression: string;
  private readonly message: string;
  private readonly program: ParseResult;
  private readonly reasons = new WeakMap<object, string>();

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([expressionPolicyOptions]);

  constructor(options: ExpressionPolicyOptions) {
    super();
    const { expression, message, stage = 'postParamsNormalization', tools = ['*'], name = 'Expression Policy' } = parseOptions('ExpressionPolicy', expressionPolicyOptions, options);
    this.relevantTools = [...tools];
    this.program = compile(expression);
    this.expression = expression;
    this.message = message;
    this.stage = stage;
    this.name = name;
    this.description = `Allows only calls for which ${shortly(expression, 200)}`;
    // The kit refuses a start in which such a policy covers a tool it cannot see into.
    this.readsMovements = stage !== 'preToolExecution' && /\bmovements\b/.test(expression);
    // The one stage it judges: the others stay unregistered and cost nothing.
    // The Hedera Agent Kit passes the method beside params that do not carry it.
    Object.defineProperty(this, POLICY_METHODS[stage], { value: (params: PreToolExecutionParams, method?: string) => this.judge(params, method ?? params.method), enumerable: false });
  }

  override explainBlock(_stage: HookStage, params: PreToolExecutionParams): string | undefined {
    return this.reasons.get(params);
  }

  private judge(params: PreToolExecutionParams, method: string): boolean | Promise<boolean> {
    let movements: ReturnType<typeof movementsOfEvent>;
    try {
      movements = this.stage === 'preToolExecution' ? undefined : movementsOfEvent(params, method);
    } catch (error) {
      return this.unevaluated(params, error);
    }
    // A promise only inside the Hedera Agent Kit, while EVM aliases are resolved.
    if (isThenable(movements)) {
      return Promise.resolve(movements).then(
        (read) => this.evaluate(params, method, read),
        (error: unknown) => this.unevaluated(params, error),
      );
    }
    return this.evaluate(params, method, movements);
  }

  private unevaluated(params: PreToolExecutionParams, error: unknown): true {
    this.reasons.set(params, `${this.message} (the expression could not be evaluated for this call: ${firstLine(messageOf(error))})`);
    return true;
  }

  private evaluate(params: PreToolExecutionParams, method: string, movements: readonly Movement[] | undefined): boolean {
    let answer: unknown;
    try {
      answer = this.program(celContext(params, method, movements));
    } catch (error) {
      return this.unevaluated(params, error);
    }
    if (answer === true) return false;
    const moved = movements?.length ? `; the call moves ${listed(movements.map((m) => `${m.display} from ${m.from} to ${m.to}`), 5)}` : '';
    const verdict = answer === false ? 'is false' : `returned ${typeof answer === 'bigint' ? 'an int' : typeof answer}, not true or false`;
    this.reasons.set(params, `${this.message} (the expression ${shortly(this.expression, 200)} ${verdict}${moved})`);
    return true;
  }
}

function compile(expression: string): ParseResult {
  const env = new Environment()
    .registerVariable('method', 'string')
    .registerVariable('movements', 'dyn')
    .registerVariable('rawParams', 'dyn')
    .registerVariable('normalisedParams', 'dyn')
    .registerVariable('context', 'dyn');
  const checked = env.check(expression);
  if (!checked.valid) throw invalidArgument(`ExpressionPolicy: 'expression' does not compile: ${located(checked.error)}.`, [0, 'expression']);
  if (checked.type !== 'bool' && checked.type !== 'dyn') {
    throw invalidArgument(`ExpressionPolicy: 'expression' must be true or false for a call, but it is of type ${checked.type}.`, [0, 'expression']);
  }
  return env.parse(expression);
}

/** The variables, each converted on first read only: an expression over `method` never converts params. */
function celContext(params: PreToolExecutionParams, method: string, movements: readonly Movement[] | undefined): Record<string, unknown> {
  const event = params as PreToolExecutionParams & { normalisedParams?: unknown };
  const lazy = (read: () => unknown) => {
    let value: unknown;
    let done = false;
    return { enumerable: true, get: () => (done ? value : ((done = true), (value = read()))) };
  };
  return Object.defineProperties({} as Record<string, unknown>, {
    method: { value: method, enumerable: true },
    movements: lazy(() => (movements ? movements.map(celMovement) : null)),
    rawParams: lazy(() => celValue(params.rawParams)),
    normalisedParams: lazy(() => celValue(event.normalisedParams)),
    context: lazy(() => celValue(Object.fromEntries(Object.entries(params.context ?? {}).filter(([key]) => !CONTEXT_OBJECTS.has(key))))),
  });
}

/** "Unknown variable: foo (at character 1)": the library's message without its multi-line source excerpt. */
function located(error: Error | undefined): string {
  const text = error?.message ?? 'unknown error';
  const [first = text, ...rest] = text.split('\n');
  const marker = rest.find((line) => /^\s*\^\s*$/.test(line));
  const source = rest.find((line) => /^>\s+\d+ \| /.test(line));
  if (!marker || !source) return first;
  const prefix = /^>\s+\d+ \| /.exec(source)![0].length;
  return `${first} (at character ${marker.indexOf('^') - prefix + 1})`;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!;
}

function shortly(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(ExpressionPolicy.prototype);
