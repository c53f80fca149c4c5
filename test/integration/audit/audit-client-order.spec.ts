import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, TopicCreateTransaction } from '@hiero-ledger/sdk';
import { container as rootContainer } from 'tsyringe';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { AUDIT_CLIENT } from '../../../src/di/tokens.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';

describe('which client the audit hook submits with', () => {
  let net: Devnet;
  let operator: Client;
  let journalDir: string;
  let topicId: string;
  let recipient: string;
  const extraClients: Client[] = [];

  beforeEach(async () => {
    net = await startDevnet();
    operator = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'audit-client-'));
    // No submit key: any account may post, so the payer shows which client was used.
    topicId = (await (await new TopicCreateTransaction().execute(operator)).getReceipt(operator)).topicId!.toString();
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
  });

  afterEach(async () => {
    extraClients.splice(0).forEach((client) => client.close());
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  async function clientFor(): Promise<{ client: Client; accountId: string }> {
    const { accountId, privateKey } = await net.createAccount({ hbar: 100 });
    const client = createDevnetClient(net.grpcAddress, accountId, privateKey);
    extraClients.push(client);
    return { client, accountId };
  }

  async function auditPayer(hook: HcsAuditTrailHook, container = rootContainer): Promise<string> {
    const kit = await createAgentKit({ client: operator, container, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
    await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1 });
    await kit.close();
    const body = (await (await fetch(`${net.mirrorUrl}/api/v1/topics/${topicId}/messages`)).json()) as { messages: { payer_account_id: string }[] };
    return body.messages.at(-1)!.payer_account_id;
  }

  describe('when a loggingClient is given', () => {
    it('uses it, even with an AUDIT_CLIENT registered', async () => {
      const logging = await clientFor();
      const registered = await clientFor();
      const parent = rootContainer.createChildContainer();
      parent.register(AUDIT_CLIENT, { useValue: registered.client });
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, logging.client, { journalDir });
      expect(await auditPayer(hook, parent)).to.equal(logging.accountId);
    });
  });

  describe('when only an AUDIT_CLIENT is registered', () => {
    it('uses the AUDIT_CLIENT', async () => {
      const registered = await clientFor();
      const parent = rootContainer.createChildContainer();
      parent.register(AUDIT_CLIENT, { useValue: registered.client });
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir });
      expect(await auditPayer(hook, parent)).to.equal(registered.accountId);
    });
  });

  describe('when neither is given', () => {
    it("uses the kit's operator client", async () => {
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir });
      expect(await auditPayer(hook)).to.equal(net.operatorId);
    });
  });
});
