import { AbstractPolicy, type PostParamsNormalizationParams, type PreToolExecutionParams } from 'hedera-agent-hooks';

/**
 * Template for a new policy: implement `shouldBlock…` methods (never the hook methods). Return true
 * to block; throw for a custom message (that blocks too). Policies fail closed: an error, a rejected
 * promise or running over the time budget (`timeoutMs`) blocks the call.
 */
export class BusinessHoursPolicy extends AbstractPolicy {
  override name = 'Business Hours Policy';
  override description = 'Refuses transfers outside 09:00–17:00 UTC and to accounts on a deny list.';
  override relevantTools = ['transfer_hbar_tool'];
  override timeoutMs = 500;

  constructor(
    private readonly denied: readonly string[],
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  protected override shouldBlockPreToolExecution(_params: PreToolExecutionParams): boolean {
    const hour = this.now().getUTCHours();
    return hour < 9 || hour >= 17;
  }

  protected override shouldBlockPostParamsNormalization(params: PostParamsNormalizationParams<'transfer_hbar_tool'>): boolean {
    const credited = params.normalisedParams.hbarTransfers.filter((entry: { amount: { isNegative(): boolean } }) => !entry.amount.isNegative());
    if (credited.some((entry: { accountId: { toString(): string } }) => this.denied.includes(entry.accountId.toString()))) {
      throw new Error('a recipient is on the deny list');
    }
    return false;
  }
}
