import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { startMcpHttpServer } from 'hedera-agent-hooks/mcp';
import { SpendLimitPolicy } from 'hedera-agent-hooks/policies';

const net = await startDevnet();
const { accountId } = await net.createAccount({ hbar: 0 });
const budget = new SpendLimitPolicy({ hbar: 5, windowMs: 86_400_000, per: 'context.userId' });
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [budget] } });
// One bearer token per user (keep them out of your code: `agent-hooks mcp --tokens-file`). A request
// without one of them is refused with 401; each call runs for the token's user, in its MCP session.
const tokens = { alice: 'alice-secret-token-1', bob: 'bob-secret-token-22' };
const server = await startMcpHttpServer(kit, { port: 0, tokens });

async function clientOf(user: keyof typeof tokens): Promise<Client> {
  const client = new Client({ name: `${user}-desk`, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${tokens[user]}` } } }));
  return client;
}
const [alice, bob] = [await clientOf('alice'), await clientOf('bob')];
const pay = async (client: Client, amount: number) => ((await client.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId, amount }] } })).isError ? 'refused' : 'paid');
console.log(await pay(alice, 4), await pay(bob, 4), await pay(alice, 2)); // paid paid refused: alice's budget has 1 HBAR left
await Promise.all([alice.close(), bob.close()]);
await server.close();
await kit.close();
await net.stop();
