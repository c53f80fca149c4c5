import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { reportOnly } from '../../../src/listeners/report-mode.js';
import { DuplicateIntentPolicy } from '../../../src/policies/duplicate-intent-policy.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { CompositePolicy, RecipientAllowlistPolicy, allOf } from '../../../src/policies/index.js';
import type { Movement } from '../../../src/values/movement.js';
import { VALUE_MOVING_TOOLS } from '../../../src/policies/value-moving-tools.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';

/** A plugin tool that says it only reads. */
class EchoQueryTool extends EchoTool {
  override readonly toolType = 'query' as const;
}

/** A plugin's transaction tool with no movements view and no movesNoValue mark. */
class OpaqueTransactionTool extends EchoTool {
  override readonly toolType = 'transaction' as const;
}

/** A plain Tool object with no toolType: it declares nothing, so it counts as moving value. */
const plainTool = (ran: string[]) => ({
  method: 'plain_payout_tool',
  name: 'Payout',
  description: 'Pays someone.',
  parameters: z.object({ to: z.string() }).strict(),
  execute: async (_client: unknown, _context: unknown, params: { to: string }) => {
    ran.push(params.to);
    return { raw: { status: 'SUCCESS' }, humanMessage: 'Paid.' };
  },
});

describe('the value policies\' default coverage in a kit', () => {
  const clients: Client[] = [];
  const client = () => {
    const made = offlineClient();
    clients.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of clients.splice(0)) made.close();
  });

  describe('when a plugin tool declares no toolType and has no movements view', () => {
    it('is refused by a budget with default tools, naming the tool, and a tool that says it is a query is not', async () => {
      const kit = await createAgentKit({
        client: client(),
        pluginsDir: null,
        plugins: [pluginOf('p', new EchoTool('note_tool'), new EchoQueryTool('lookup_tool'))],
        context: { hooks: [new SpendLimitPolicy({ hbar: 10, windowMs: 60_000 })] },
      });
      const refused = await kit.execute('note_tool', { text: 'hi' });
      expect(refused.raw.blockedBy).to.include({ policy: 'Spend Limit Policy', stage: 'postParamsNormalization' });
      expect(refused.raw.blockedBy!.reason).to.equal('note_tool has no view of what it moves (event.movements), so its spend cannot be counted; refused');
      expect((await kit.execute('lookup_tool', { text: 'hi' })).raw.status).to.equal('SUCCESS');
      await kit.close();
    });
  });

  describe('when a plugin transaction tool has no movements view', () => {
    it('keeps the kit from starting under a budget with default tools, naming the tool, as any value policy covering it would', async () => {
      const made = client();
      const start = createAgentKit({ client: made, pluginsDir: null, plugins: [pluginOf('p', new OpaqueTransactionTool('pay_tool'))], context: { hooks: [new SpendLimitPolicy({ hbar: 10, windowMs: 60_000 })] } });
      const error = await start.then(() => undefined, (failure: Error & { code?: string }) => failure);
      expect(error?.code).to.equal('E_INVALID_LISTENER');
      expect(error?.message).to.contain('Policy "Spend Limit Policy" judges what calls move, but "pay_tool" is a transaction tool with no movements view');
    });
  });

  describe('when the budget sits inside a composition', () => {
    /** A plugin tool that pays 6 HBAR from 0.0.2, and says so. */
    class PayTool extends EchoTool {
      override movements(): readonly Movement[] {
        return [{ asset: 'HBAR', from: '0.0.2', to: '0.0.5', amount: 600_000_000n, display: '6 HBAR' }];
      }
    }
    /** A policy on every tool that allows everything, as a time window or a logger-policy is. */
    const everyTool = () => ({ name: 'Every Tool', relevantTools: ['*'], shouldBlockPostParamsNormalization: () => false });

    it('covers a plugin\'s value-moving tool as the budget alone does, beside policies that list tools or cover all of them', async () => {
      // Beside a policy on every tool, the combination is called for every call: the budget takes
      // part in those the kit's events say move value, or cannot say, and not in a query.
      const wraps: ((budget: SpendLimitPolicy) => CompositePolicy)[] = [
        (budget) => allOf(budget),
        (budget) => allOf(new RecipientAllowlistPolicy(['0.0.5']), budget),
        (budget) => allOf(everyTool() as never, allOf(budget)),
      ];
      for (const wrap of wraps) {
        const policy = wrap(new SpendLimitPolicy({ hbar: 10, windowMs: 60_000 }));
        const kit = await createAgentKit({ client: client(), pluginsDir: null, plugins: [pluginOf('p', new PayTool('pay_tool'), new EchoTool('note_tool'), new EchoQueryTool('lookup_tool'))], context: { hooks: [policy] } });
        expect((await kit.execute('pay_tool', { text: 'first' })).raw.status, policy.name).to.equal('SUCCESS');
        const second = await kit.execute('pay_tool', { text: 'second' });
        expect(second.raw.blockedBy?.policy, `${policy.name}: 12 HBAR is over the 10 HBAR budget`).to.equal(policy.name);
        expect(second.raw.blockedBy!.reason).to.contain('may spend 10 HBAR per 1 min');
        const note = await kit.execute('note_tool', { text: 'hi' });
        expect(note.raw.blockedBy?.reason, `${policy.name}: a tool that cannot say what it moves is refused`).to.contain('note_tool');
        expect((await kit.execute('lookup_tool', { text: 'hi' })).raw.status, `${policy.name}: a query is not`).to.equal('SUCCESS');
        await kit.close();
      }
    });
  });

  describe('when one policy instance serves two kits with different plugins', () => {
    it('widens each kit\'s own listeners only: the policy and the other kit are untouched', async () => {
      const policy = new DuplicateIntentPolicy({ windowMs: 60_000 });
      const before = [...policy.relevantTools];
      const ran: string[] = [];
      const withPlain = await createAgentKit({ client: client(), pluginsDir: null, plugins: [{ name: 'plain', tools: () => [plainTool(ran)] }], context: { hooks: [policy] } });
      const withoutPlain = await createAgentKit({ client: client(), pluginsDir: null, plugins: [pluginOf('q', new EchoQueryTool('lookup_tool'))], context: { hooks: [policy] } });
      expect(policy.relevantTools).to.deep.equal(before);
      expect([...VALUE_MOVING_TOOLS].every((tool) => before.includes(tool))).to.equal(true);

      const refused = await withPlain.execute('plain_payout_tool', { to: '0.0.1001' });
      expect(refused.raw.blockedBy).to.include({ policy: 'Duplicate Intent Policy', stage: 'preToolExecution' });
      expect(refused.raw.blockedBy!.reason).to.match(/^plain_payout_tool is a plain Tool \(execute only\) that does not declare toolType 'query' or movesNoValue: true/);
      expect(ran).to.deep.equal([]);
      expect((await withoutPlain.execute('lookup_tool', { text: 'x' })).raw.status).to.equal('SUCCESS');
      await withPlain.close();
      await withoutPlain.close();
    });
  });

  describe('when the policy is in report mode', () => {
    it('reports the plain tool it cannot see into as a would-block, and lets the call run', async () => {
      const ran: string[] = [];
      const kit = await createAgentKit({
        client: client(),
        pluginsDir: null,
        plugins: [{ name: 'plain', tools: () => [plainTool(ran)] }],
        context: { hooks: [reportOnly(new SpendLimitPolicy({ hbar: 10, windowMs: 60_000 }))] },
      });
      const result = await kit.execute('plain_payout_tool', { to: '0.0.1001' });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(ran).to.deep.equal(['0.0.1001']);
      expect(kit.wouldBlockCounts()).to.deep.equal({ 'Spend Limit Policy': 1 });
      await kit.close();
    });
  });
});
