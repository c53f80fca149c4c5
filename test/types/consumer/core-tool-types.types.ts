// Compile-time checks of the package as its users see it: imported by name in a program without src/
// (see tsconfig.json here), so types come from the built declarations in dist/ alone. The core
// tools' param types must reach such programs.
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

export function everyCorePluginIsTyped(
  topic: StageEvent<'postParamsNormalization', 'submit_topic_message_tool'>,
  token: StageEvent<'postParamsNormalization', 'transfer_fungible_token_tool'>,
  query: StageEvent<'preToolExecution', 'get_hbar_balance_query_tool'>,
): void {
  // @ts-expect-error not a field of submit_topic_message_tool's normalised params
  void topic.normalisedParams.noSuchField;
  // @ts-expect-error not a field of transfer_fungible_token_tool's normalised params
  void token.normalisedParams.noSuchField;
  // @ts-expect-error not a field of get_hbar_balance_query_tool's raw params
  void query.rawParams.noSuchField;
}
