import { PublicKey, type Client } from '@hiero-ledger/sdk';
import type { Context } from '../../../src/lifecycle/context.js';
import { AgentHooksError, ErrorCode } from '../../../src/lifecycle/errors.js';
import { mirrorFor } from '../../../src/mirror/index.js';
import { returnsBytes } from '../../../src/values/agent-mode.js';
import { paramIssue } from '../../../src/params/index.js';
import { payerOf } from '../../../src/policies/movements.js';

/** The SDK's name of an ECDSA (secp256k1) key type. */
const ECDSA = 'secp256k1';

/**
 * The account an EVM tool's call runs as (msg.sender): the account that pays for the transaction,
 * the operator, or `context.accountId` in the modes that return bytes for it to sign. Refused, before
 * anything is built or sent, unless its key is ECDSA (secp256k1), as the Hedera Agent Kit refuses an
 * operator that is not: an ERC token's holder is an EVM address, and only an ECDSA key gives an
 * account one that wallets and other EVM tools can use. Where that kit checks the client's operator
 * key in every mode, this checks the key of the account that will sign, which in RETURN_BYTES is the
 * user's (`context.accountPublicKey`, else the key the mirror node shows for `context.accountId`).
 *
 * @example
 * const caller = await ecdsaCaller(context, client, 'transfer_erc20_tool'); // '0.0.1001'
 */
export async function ecdsaCaller(context: Context, client: Client, tool: string): Promise<string> {
  const caller = payerOf(context, client);
  if (!caller) throw paramIssue('context.accountId', 'is needed: no operator is set on the client, so nobody is there to call the contract', tool);
  const key = await callerKey(caller, context, client, tool);
  if (key !== ECDSA) {
    throw new AgentHooksError(
      ErrorCode.CONFIG,
      `${tool}: EVM tools act only for an account with an ECDSA (secp256k1) key, as in the Hedera Agent Kit; ` +
        `the account that would call the contract, ${caller}, has ${key === 'none' ? 'no single public key' : `an ${key} key`}. ` +
        'Nothing was built or sent. Use an operator (or, when returning bytes, a context.accountId) with an ECDSA key.',
    );
  }
  return caller;
}

/** The SDK's name of the caller's key type, or 'none' for a key list, a threshold key or no key. */
async function callerKey(caller: string, context: Context, client: Client, tool: string): Promise<string> {
  const operator = client.operatorAccountId?.toString();
  if (!returnsBytes(context.mode) || (caller === operator && !context.accountPublicKey)) {
    if (!client.operatorPublicKey) {
      throw new AgentHooksError(ErrorCode.CONFIG, `${tool}: EVM tools need a client with an operator key set; none is configured. Nothing was built or sent.`);
    }
    return client.operatorPublicKey.type;
  }
  if (context.accountPublicKey) {
    try {
      return PublicKey.fromString(context.accountPublicKey).type;
    } catch {
      throw paramIssue('context.accountPublicKey', 'is not a public key in DER or raw hex', tool);
    }
  }
  const key = (await mirrorFor(context, client).getAccount(caller)).key;
  if (key?._type === 'ECDSA_SECP256K1') return ECDSA;
  return key?._type === 'ED25519' ? 'ED25519' : 'none';
}
