import { AbstractPolicy, type CallOutcome, type PreToolExecutionParams } from 'hedera-agent-hooks';

/**
 * A stateful policy: at most `quota` transfers go out. A call holds a place from approval until the
 * kit settles it (`settle`, once per call, with the `callId` its events carried); a call that did
 * not execute gives its place back, and one whose outcome is unknown keeps it, since it may have
 * gone out.
 */
export class TransferQuotaPolicy extends AbstractPolicy {
  override name = 'Transfer Quota Policy';
  override description = 'At most a fixed number of transfers';
  override relevantTools = ['transfer_hbar_tool'];
  private readonly held = new Set<string>();
  private used = 0;

  constructor(private readonly quota: number) {
    super();
  }

  protected override shouldBlockPreToolExecution(params: PreToolExecutionParams): boolean {
    if (this.used + this.held.size >= this.quota) return true;
    // Outside this kit (the Hedera Agent Kit) there is no callId and no settle: count it at once.
    if (params.callId) this.held.add(params.callId);
    else this.used++;
    return false;
  }

  override settle(outcome: CallOutcome): void {
    if (!this.held.delete(outcome.callId)) return;
    if (outcome.executed !== false) this.used++; // true, or 'unknown': it may have gone out
  }
}
