// Compiled by test/integration/docs/readme-examples.spec.ts. Above the marker: what the README sample
// assumes its reader already has (an operator client, ways to reach a person); below it: the sample
// exactly as README.md shows it.
import type { Client } from '@hiero-ledger/sdk';

declare const client: Client;
declare function askOnCallEngineer(summary: string, options: { signal: AbortSignal }): Promise<boolean>;
declare function confirmInApp(summary: string): Promise<boolean>;

// ---- README.md sample (verbatim below this line) ----
import { createAgentKit } from 'hedera-agent-hooks';
import { ApprovalPolicy, type Approver } from 'hedera-agent-hooks/policies';

// Your own channel: only `true` approves; anything else, a throw or no answer in time refuses.
const onCall: Approver = {
  name: 'the on-call engineer',
  approve: (request, signal) => askOnCallEngineer(request.summary, { signal }),
};
const payees = new Set(['0.0.1001', '0.0.1002']);

const kit = await createAgentKit({
  client,
  context: {
    hooks: [
      new ApprovalPolicy({ when: { hbarAbove: 100 }, approver: 'terminal', timeoutMs: 60_000 }),
      new ApprovalPolicy({ when: { tools: ['delete_account_tool'] }, approver: onCall, timeoutMs: 300_000 }),
      new ApprovalPolicy({
        // value for anyone but the usual payees; `undefined` means the policy could not read it: ask
        when: (event) => event.movements === undefined || event.movements.some((movement) => !payees.has(movement.to)),
        approver: (request) => confirmInApp(request.summary),   // a plain callback
      }),
    ],
  },
});
