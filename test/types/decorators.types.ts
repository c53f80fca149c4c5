// Compile-time checks, run by `npm run test:types`: each @ts-expect-error must hit an error, and
// everything else must compile. A wrong stage name or a mismatched handler fails to compile.
import type { AccountId, Hbar } from '@hiero-ledger/sdk';
import { AbstractPolicy, Hook, Policy, createAgentKit, type PostParamsNormalizationParams, type StageEvent } from '../../src/index.js';

declare module '../../src/lifecycle/tool-types.js' {
  interface ToolParamRegistry {
    typed_transfer_tool: {
      raw: { to: string; amount: number };
      normalised: { hbarTransfers: { accountId: AccountId; amount: Hbar }[] };
    };
  }
}

export class TypedListeners {
  @Hook('postParamsNormalization', ['typed_transfer_tool'])
  typed(event: StageEvent<'postParamsNormalization', 'typed_transfer_tool'>): void {
    const recipients: number = event.normalisedParams.hbarTransfers.length;
    const to: string = event.rawParams.to;
    void recipients;
    void to;
  }

  @Hook('toolError', ['*'])
  failures(event: StageEvent<'toolError'>): void {
    const stage: string = event.stage;
    const message: string = event.error.message;
    void stage;
    void message;
  }

  @Policy('postParamsNormalization', ['typed_transfer_tool'])
  verdict(event: StageEvent<'postParamsNormalization', 'typed_transfer_tool'>) {
    return event.normalisedParams.hbarTransfers.length > 3 ? { block: true, reason: 'too many' } : false;
  }

  // @ts-expect-error 'postExecution' is not a stage
  @Hook('postExecution', ['*'])
  wrongStage(): void {}

  // @ts-expect-error a policy cannot veto the failure stage
  @Policy('toolError', ['*'])
  policyOnErrors(): void {}

  // @ts-expect-error the handler expects a payload the stage does not deliver
  @Hook('preToolExecution', ['typed_transfer_tool'])
  mismatched(event: { amount: bigint }): void {
    void event;
  }

  // @ts-expect-error preToolExecution carries no normalisedParams
  @Hook('preToolExecution', ['typed_transfer_tool'])
  tooEarly(event: StageEvent<'postParamsNormalization', 'typed_transfer_tool'>): void {
    void event;
  }
}

export function narrowedParams(event: StageEvent<'postParamsNormalization', 'typed_transfer_tool'>): void {
  // @ts-expect-error rawParams.to is a string
  const to: number = event.rawParams.to;
  void to;
}

export function unionNarrowing(event: StageEvent<'postParamsNormalization', 'typed_transfer_tool' | 'untyped_tool'>): void {
  if (event.method === 'typed_transfer_tool') {
    // @ts-expect-error narrowed to the typed tool: amounts are Hbar, not string
    const amount: string = event.normalisedParams.hbarTransfers[0]!.amount;
    void amount;
  }
}

export class SeedStylePolicy extends AbstractPolicy {
  protected override shouldBlockPostParamsNormalization(params: PostParamsNormalizationParams): boolean {
    return params.normalisedParams.anything === true;
  }
}

export async function observers(kit: Awaited<ReturnType<typeof createAgentKit>>): Promise<void> {
  kit.on('postToolExecution', (event) => void event.toolResult.raw.status);
  // @ts-expect-error not a stage
  kit.on('afterEverything', () => undefined);
}
