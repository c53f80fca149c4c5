// Compiled by test/integration/docs/readme-examples.spec.ts. Above the marker: what the README sample
// assumes its reader already has; below it: the sample exactly as README.md shows it.
import type { Client as OperatorClient } from '@hiero-ledger/sdk';

declare const client: OperatorClient;
declare const loggingClient: OperatorClient;

// ---- README.md sample (verbatim below this line) ----
import { AUDIT_CLIENT, Hook, Policy, createAgentKit, type StageEvent } from 'hedera-agent-hooks'; // first: it loads reflect-metadata, which tsyringe needs
import { injectable, inject, container } from 'tsyringe';
import { Client } from '@hiero-ledger/sdk';

@injectable()
class TransferGuard {
  constructor(@inject(AUDIT_CLIENT) private readonly hcs: Client) {}

  @Policy('postParamsNormalization', ['transfer_hbar_tool'])
  smallOnly(event: StageEvent<'postParamsNormalization', 'transfer_hbar_tool'>) {
    const tooBig = event.normalisedParams.hbarTransfers.some((t) => t.amount.toTinybars().toNumber() > 10e8);
    return tooBig ? { block: true, reason: 'transfers above 10 HBAR need a human' } : false;
  }
}

const parent = container.createChildContainer();
parent.register(AUDIT_CLIENT, { useValue: loggingClient });   // a separate client for HCS logging
const kit = await createAgentKit({ client, container: parent, hooks: [TransferGuard] });
