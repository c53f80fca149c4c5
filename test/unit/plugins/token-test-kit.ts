import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import type { SinonSandbox } from 'sinon';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { MirrorClient } from '../../../src/mirror/mirror-client.js';
import { MirrorError, MirrorErrorCode } from '../../../src/mirror/mirror-error.js';
import type { MirrorToken } from '../../../src/mirror/mirror-types.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import coreTokenPlugin from '../../../plugins/core-token/index.js';
import { offlineClient } from '../../support/offline-client.js';

/** The account the unit-test kit acts for, and its key. */
export const AGENT = '0.0.1001';
export const AGENT_KEY = PrivateKey.generateED25519().publicKey;
export const FUNGIBLE = '0.0.500';
export const NFT = '0.0.600';
export const MISSING = '0.0.404';

function token(id: string, type: MirrorToken['type'], decimals: string): MirrorToken {
  return {
    token_id: id, name: `Token ${id}`, symbol: 'TKN', type, decimals, total_supply: '0', treasury_account_id: AGENT,
    admin_key: { _type: 'ED25519', key: AGENT_KEY.toStringRaw() },
    supply_key: { _type: 'ED25519', key: AGENT_KEY.toStringRaw() },
    kyc_key: null,
  };
}

/**
 * Answers the mirror's token look-ups from a fixed table (a fungible token with 2 decimals, an NFT
 * collection, and a token that does not exist), so bad-input tests need no network. Only our own
 * mirror client is replaced; the SDK is untouched and the offline client reaches no node.
 */
export function stubMirrorTokens(sandbox: SinonSandbox): void {
  const known: Record<string, MirrorToken> = { [FUNGIBLE]: token(FUNGIBLE, 'FUNGIBLE_COMMON', '2'), [NFT]: token(NFT, 'NON_FUNGIBLE_UNIQUE', '0') };
  sandbox.stub(MirrorClient.prototype, 'getToken').callsFake(async (id: string) => {
    if (known[id]) return known[id];
    throw new MirrorError(MirrorErrorCode.NOT_FOUND, `token ${id} was not found on the mirror node`, 404);
  });
}

/** A RETURN_BYTES kit with only the core-token plugin, over a client that never reaches a network. */
export function offlineTokenKit(): Promise<AgentKit> {
  return createAgentKit({
    client: offlineClient(),
    pluginsDir: null,
    plugins: [coreTokenPlugin],
    mirrorNodeUrl: 'http://127.0.0.1:9',
    context: { mode: AgentMode.RETURN_BYTES, accountId: AGENT, accountPublicKey: AGENT_KEY.toStringDer() },
  });
}

/**
 * Asserts the call was refused as invalid input before anything was built, with one issue that
 * names `field` and says `says`.
 */
export function expectRefused(result: ToolResult, field: string, says: string | RegExp): void {
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_INVALID_PARAMS');
  expect(result.raw.bytes).to.equal(undefined);
  const issues = result.raw.issues as string[];
  const named = issues.filter((issue) => issue.startsWith(`${field}: `));
  expect(named, `issues ${JSON.stringify(issues)} should name ${field}`).to.not.be.empty;
  const text = named.join(' | ');
  if (typeof says === 'string') expect(text).to.contain(says);
  else expect(text).to.match(says);
  expect(result.humanMessage).to.contain('invalid');
}
