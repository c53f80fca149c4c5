import {
  AbstractHook,
  type PostCoreActionParams,
  type PostParamsNormalizationParams,
  type PostSecondaryActionParams,
  type PreToolExecutionParams,
  type ToolErrorParams,
} from 'hedera-agent-hooks';

/** Template for a new hook: override only the stages you need; the others cost nothing. */
export class MyCustomHook extends AbstractHook {
  override name = 'My Custom Hook';
  override description = 'What this hook does, for whoever configures it.';
  override relevantTools = ['transfer_hbar_tool'];

  override async preToolExecutionHook(params: PreToolExecutionParams, method: string): Promise<void> {
    // Raw input, before validation. Throwing here fails the call before anything is built.
    void params.rawParams;
    void method;
  }

  override async postParamsNormalizationHook(params: PostParamsNormalizationParams): Promise<void> {
    // Validated params in SDK types. Policies of this stage judge them after the hooks ran.
    void params.normalisedParams;
  }

  override async postCoreActionHook(params: PostCoreActionParams): Promise<void> {
    // The built (and, in AUTONOMOUS mode, frozen) transaction: inspect it, it cannot be changed.
    void params.coreActionResult;
  }

  override async postToolExecutionHook(params: PostSecondaryActionParams): Promise<void> {
    // After submission. An error thrown here becomes a warning on the result, never a failure.
    void params.toolResult.raw.transactionId;
  }

  override async toolErrorHook(params: ToolErrorParams): Promise<void> {
    // Blocked or failed calls: which stage, which policy, which error.
    void [params.stage, params.blockedBy, params.error.message];
  }
}
