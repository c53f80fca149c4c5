// Compile-time checks of the package as its users see it: imported by name, so types come from the
// built declarations (dist/), not from src/. The core tools' param types must reach such programs.
import type { StageEvent, PostParamsNormalizationParams } from 'hedera-agent-hooks';

export function coreToolEventsAreTyped(event: StageEvent<'postParamsNormalization', 'transfer_hbar_tool'>): number {
  // @ts-expect-error hbarTransfers is a list of entries, not a string
  const wrong: string = event.normalisedParams.hbarTransfers;
  void wrong;
  return event.normalisedParams.hbarTransfers.filter((entry) => !entry.amount.isNegative()).length;
}

export function corePolicyParamsAreTyped(params: PostParamsNormalizationParams<'create_topic_tool'>): void {
  // @ts-expect-error create_topic_tool has no hbarTransfers
  void params.normalisedParams.hbarTransfers;
}
