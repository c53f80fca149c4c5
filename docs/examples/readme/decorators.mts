import { AUDIT_CLIENT, Hook, Policy, createAgentKit, type StageEvent } from 'hedera-agent-hooks'; // first: it loads reflect-metadata, which tsyringe needs
import { startDevnet } from 'hedera-agent-hooks/devnet';
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

  @Hook('postToolExecution', ['transfer_hbar_tool'])
  logged(event: StageEvent<'postToolExecution', 'transfer_hbar_tool'>) {
    console.log(`${event.toolResult.raw.status}, logged with ${this.hcs.operatorAccountId}`);
  }
}

const net = await startDevnet();
const client = net.client();
const loggingClient = net.client();   // a separate client for HCS logging (on the devnet, the same operator)

const parent = container.createChildContainer();
parent.register(AUDIT_CLIENT, { useValue: loggingClient });
const kit = await createAgentKit({ client, container: parent, hooks: [TransferGuard] });
const big = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 20 }] });
console.log(big.raw.blockedBy?.reason);   // transfers above 10 HBAR need a human
await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 1 }] });   // SUCCESS, logged with 0.0.2
await kit.close();
await net.stop();
