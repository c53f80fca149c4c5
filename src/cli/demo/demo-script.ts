/** The accounts the demo session works with. */
export interface DemoAccounts {
  alice: string;
  bob: string;
  carol: string;
}

/** One scripted agent request: what the agent wants, the tool call it makes, and what should happen. */
export interface DemoStep {
  request: string;
  tool: string;
  params(accounts: DemoAccounts): Record<string, unknown>;
  expected: 'executed' | 'blocked' | 'failed';
  /** For an executed call: the ledger status its receipt should carry (default SUCCESS). */
  expectedStatus?: string;
}

/** Largest number of recipients the demo's MaxRecipientsPolicy allows per transfer. */
export const DEMO_MAX_RECIPIENTS = 2;
/** Tools the demo's RejectToolPolicy disables. */
export const DEMO_REJECTED_TOOLS = ['delete_account_tool'];
/** An account ID no devnet has created, so paying it fails on the ledger. */
export const MISSING_ACCOUNT = '0.0.987654';

/**
 * The scripted session: allowed transfers, a transfer to too many recipients, a disabled tool and a
 * call the ledger executes with a failure status. Every outcome kind an audit trail has to show appears once at least.
 */
export const DEMO_SCRIPT: readonly DemoStep[] = [
  {
    request: 'Pay Alice 5 HBAR for the design work',
    tool: 'transfer_hbar_tool',
    params: ({ alice }) => ({ transfers: [{ accountId: alice, amount: 5 }], transactionMemo: 'design work' }),
    expected: 'executed',
  },
  {
    request: 'Split 3 HBAR between Alice and Bob',
    tool: 'transfer_hbar_tool',
    params: ({ alice, bob }) => ({ transfers: [{ accountId: alice, amount: 1.5 }, { accountId: bob, amount: 1.5 }] }),
    expected: 'executed',
  },
  {
    request: 'Send 1 HBAR each to Alice, Bob and Carol',
    tool: 'transfer_hbar_tool',
    params: ({ alice, bob, carol }) => ({ transfers: [alice, bob, carol].map((accountId) => ({ accountId, amount: 1 })) }),
    expected: 'blocked',
  },
  {
    request: "Close Bob's account and sweep its balance to Alice",
    tool: 'delete_account_tool',
    params: ({ alice, bob }) => ({ accountId: bob, transferAccountId: alice }),
    expected: 'blocked',
  },
  {
    request: `Pay 2 HBAR to account ${MISSING_ACCOUNT}`,
    tool: 'transfer_hbar_tool',
    params: () => ({ transfers: [{ accountId: MISSING_ACCOUNT, amount: 2 }] }),
    // It reaches the ledger, which records it with a failure status: executed, as the audit trail says.
    expected: 'executed',
    expectedStatus: 'INVALID_ACCOUNT_ID',
  },
];
