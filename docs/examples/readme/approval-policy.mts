import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { ApprovalPolicy, type Approver } from 'hedera-agent-hooks/policies';

// Stand-ins for your own channels to a person (a pager, a button in your app): here both say yes.
const askOnCallEngineer = async (summary: string, options: { signal: AbortSignal }) => !options.signal.aborted && summary !== '';
const confirmInApp = async (summary: string) => summary !== '';

// Only `true` approves; anything else, a throw or no answer in time refuses.
const onCall: Approver = {
  name: 'the on-call engineer',
  approve: (request, signal) => askOnCallEngineer(request.summary, { signal }),
};
const payees = new Set(['0.0.1001', '0.0.1002']);

const net = await startDevnet();
const kit = await createAgentKit({
  client: net.client(),
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
// Over 100 HBAR: asked on this terminal (y/n); refused when standard input is not one.
const big = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 150 }] });
const small = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 1 }] });   // approved in the app
console.log(big.raw.status, big.raw.blockedBy?.reason ?? '', '|', small.raw.status);
await kit.close();
await net.stop();
