import { AccountCreateTransaction, Hbar, KeyList, PrivateKey, type Client } from '@hiero-ledger/sdk';

export type ApproverKeyKind = 'ED25519' | 'ECDSA';

/** An account only `required` of its approvers can move, and the approvers' private keys, in the order asked. */
export interface ThresholdTreasury {
  readonly treasury: string;
  readonly approvers: PrivateKey[];
  /** The approvers' public keys as `quorum.of` takes them (DER hex). */
  readonly publicKeys: string[];
}

/**
 * Creates, through a real AccountCreateTransaction paid by `operator`, an account whose key is a
 * threshold KeyList of fresh approver keys of the kinds given (`required` of them, default 2), funded
 * with `hbar` (default 100): what ApprovalPolicy({ via: 'schedule' }) needs of a paying account.
 */
export async function createThresholdTreasury(operator: Client, kinds: readonly ApproverKeyKind[], options: { required?: number; hbar?: number } = {}): Promise<ThresholdTreasury> {
  const approvers = kinds.map((kind) => (kind === 'ED25519' ? PrivateKey.generateED25519() : PrivateKey.generateECDSA()));
  const key = new KeyList(approvers.map((each) => each.publicKey), options.required ?? 2);
  const created = await new AccountCreateTransaction().setKeyWithoutAlias(key).setInitialBalance(new Hbar(options.hbar ?? 100)).execute(operator);
  const treasury = (await created.getReceipt(operator)).accountId!.toString();
  return { treasury, approvers, publicKeys: approvers.map((each) => each.publicKey.toStringDer()) };
}
