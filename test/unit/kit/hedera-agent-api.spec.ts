import { expect } from 'chai';
import { LedgerId, type Client } from '@hiero-ledger/sdk';
import { HederaAgentAPI as KitHederaAgentAPI } from '@hashgraph/hedera-agent-kit';
import { coreAccountPlugin } from '@hashgraph/hedera-agent-kit/plugins';
import { HederaAgentAPI } from '../../../src/kit/hedera-agent-api.js';
import { ErrorCode, argPathOf, isAgentHooksError } from '../../../src/errors/index.js';
import type { BaseTool } from '../../../src/lifecycle/base-tool.js';
import { EchoTool, TransferBuilderTool } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

describe('HederaAgentAPI', () => {
  let client: Client;
  beforeEach(() => {
    client = offlineClient().setLedgerId(LedgerId.LOCAL_NODE);
  });
  afterEach(() => {
    client.close();
  });

  /** What the constructor threw, checked to be one of this package's coded errors. */
  function refusal(make: () => unknown): Error & { code: string } {
    let thrown: unknown;
    try {
      make();
    } catch (error) {
      thrown = error;
    }
    expect(isAgentHooksError(thrown), String(thrown)).to.equal(true);
    return thrown as Error & { code: string };
  }

  describe('when the client is missing or is not a client', () => {
    for (const [label, value] of [['undefined', undefined], ['null', null], ['a plain object', { ledgerId: LedgerId.TESTNET }], ['a string', '0.0.2']] as const) {
      it(`refuses ${label} with the real kit's sentence and what to pass instead`, () => {
        const error = refusal(() => new HederaAgentAPI(value as never));
        expect(error.code).to.equal(ErrorCode.INVALID_ARGUMENT);
        expect(error.message).to.match(/^HederaAgentAPI requires a connected Client: got /);
        expect(error.message).to.contain(label);
        expect(argPathOf(error)).to.deep.equal([0]);
      });
    }

    it('refuses what the real kit refuses, with a message that starts as its own', () => {
      const theirs = (() => {
        try {
          new KitHederaAgentAPI(undefined as never);
        } catch (error) {
          return (error as Error).message;
        }
        return undefined;
      })();
      expect(theirs).to.be.a('string');
      expect(refusal(() => new HederaAgentAPI(undefined as never)).message.startsWith(theirs!)).to.equal(true);
    });
  });

  describe('when the client has no ledger ID', () => {
    it('refuses it as the real kit does, and says how to set one', () => {
      const bare = offlineClient();
      try {
        expect(() => new KitHederaAgentAPI(bare as never)).to.throw('Client must be connected to a network');
        const error = refusal(() => new HederaAgentAPI(bare));
        expect(error.code).to.equal(ErrorCode.INVALID_ARGUMENT);
        expect(error.message).to.match(/^Client must be connected to a network: /);
        expect(error.message).to.contain('setLedgerId(LedgerId.LOCAL_NODE)');
      } finally {
        bare.close();
      }
    });
  });

  describe('when its tools are listed', () => {
    it('tells method, name, description and toolType only: no schema or parser anyone could run', () => {
      const api = new HederaAgentAPI(client, {}, [new EchoTool(), new TransferBuilderTool()]);
      const listed = api.listTools();
      expect(listed.map((tool) => tool.method)).to.deep.equal(['echo_tool', 'transfer_builder_tool']);
      for (const tool of listed) {
        expect(Object.keys(tool).sort()).to.deep.equal(['description', 'method', 'name', 'toolType']);
        expect(Object.values(tool).every((value) => typeof value === 'string')).to.equal(true);
      }
    });

    it('lists the real kit’s tools exactly as the real kit does', () => {
      const tools = coreAccountPlugin.tools({});
      const theirs = new KitHederaAgentAPI(client as never, {}, tools).listTools();
      const ours = new HederaAgentAPI(client, {}, tools as unknown as BaseTool[]).listTools();
      expect(ours).to.deep.equal(theirs);
    });
  });
});
