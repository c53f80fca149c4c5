import { AccountId, Client, LedgerId, PublicKey } from '@hiero-ledger/sdk';
import { invalidArgument } from '../../errors/index.js';
import type { SignerIdentity } from '../server/signer-server.js';
import { signerRequest, unavailable, type SignerEndpoint } from './signer-request.js';
import { signerRefusal } from './signer-refusal.js';

/** How to reach a policy signer. */
export interface SignerClientOptions extends SignerEndpoint {
  /**
   * The client to give the signer as operator, e.g. one for a network the signer does not name.
   * Unset, a client for the network the signer serves is made (its `GET /public-key` says which).
   */
  readonly client?: Client;
}

/**
 * An SDK client whose operator is the policy signer: the agent process holds a token, never the key.
 * Every transaction this client pays for is signed by the signer, which judges the body's bytes
 * first; a refusal surfaces from `execute` as an error with code E_SIGNER_REFUSED and the signer's
 * reason (a kit reports it as blocked, nothing sent). Give it to createAgentKit like any client.
 *
 * @example
 * const client = await signerClient({ url: 'http://127.0.0.1:7450', token: process.env.SIGNER_TOKEN! });
 * const kit = createAgentKit({ client, configuration: { … } });
 */
export async function signerClient(options: SignerClientOptions): Promise<Client> {
  if (typeof options?.url !== 'string' || !/^(https?:\/\/|unix:\/)/.test(options.url)) {
    throw invalidArgument(`signerClient: url must be the signer's address, http(s)://host:port or unix:/path/to.sock; got ${typeof options?.url === 'string' ? JSON.stringify(options.url) : typeof options?.url}.`);
  }
  if (typeof options.token !== 'string' || options.token.length === 0) throw invalidArgument('signerClient: token must be this agent\'s signer token (a string); read it from the environment, e.g. process.env.SIGNER_TOKEN.');
  for (const name of ['timeoutMs', 'connectTimeoutMs'] as const) {
    const value = options[name];
    // A timer cannot keep more than 2^31 - 1 ms; a string or a negative wait would end every request at once.
    if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > 2 ** 31 - 1)) {
      throw invalidArgument(`signerClient: ${name} must be a whole number of milliseconds from 1 to ${2 ** 31 - 1}; got ${typeof value === 'number' ? value : typeof value}.`);
    }
  }
  const identity = await identityOf(options);
  const client = options.client ?? clientFor(identity.network);
  const publicKey = PublicKey.fromString(identity.publicKey);
  client.setOperatorWith(AccountId.fromString(identity.accountId), publicKey, (bodyBytes) => signThrough(options, bodyBytes));
  return client;
}

/** What the signer says about itself: its account, public key and network. */
export async function identityOf(endpoint: SignerEndpoint): Promise<SignerIdentity> {
  const reply = await signerRequest(endpoint, 'GET', '/public-key');
  const body = reply.body as Partial<SignerIdentity> & { refused?: string };
  if (reply.status === 401) throw unavailable(`the policy signer at ${endpoint.url} does not accept this token (${body.refused ?? 'unauthorised'})`);
  if (reply.status !== 200 || typeof body.accountId !== 'string' || typeof body.publicKey !== 'string' || body.network === undefined) {
    throw unavailable(`the policy signer at ${endpoint.url} answered GET /public-key with status ${reply.status} and no identity`);
  }
  return body as SignerIdentity;
}

async function signThrough(endpoint: SignerEndpoint, bodyBytes: Uint8Array): Promise<Uint8Array> {
  const reply = await signerRequest(endpoint, 'POST', '/sign', { bodyBytes: Buffer.from(bodyBytes).toString('base64') });
  const body = reply.body as { signature?: unknown; refused?: unknown };
  if (reply.status === 200 && typeof body.signature === 'string') return new Uint8Array(Buffer.from(body.signature, 'base64'));
  if (reply.status === 403 && typeof body.refused === 'string') throw signerRefusal(body.refused);
  const why = typeof body.refused === 'string' ? body.refused : `status ${reply.status}`;
  throw unavailable(`the policy signer at ${endpoint.url} did not sign (${why})`);
}

function clientFor(network: SignerIdentity['network']): Client {
  if (typeof network === 'string') return Client.forName(network);
  return Client.forNetwork({ [network.grpcAddress]: AccountId.fromString(network.nodeAccountId) }, { scheduleNetworkUpdate: false }).setLedgerId(LedgerId.LOCAL_NODE);
}
