import { AccountBalanceQuery, Client, PrivateKey } from '@hiero-ledger/sdk';
import { startDevnet } from 'hedera-agent-hooks/devnet';

// Testnet: an account from portal.hedera.com, e.g. HEDERA_OPERATOR_ID=0.0.1234 HEDERA_OPERATOR_KEY=302e…
// (its DER-encoded private key). Neither set: the embedded devnet and its funded operator 0.0.2.
const { HEDERA_OPERATOR_ID: operatorId, HEDERA_OPERATOR_KEY: operatorKey } = process.env;
const net = operatorId && operatorKey ? undefined : await startDevnet();
const client = net ? net.client() : Client.forTestnet().setOperator(operatorId!, PrivateKey.fromStringDer(operatorKey!));
const mirrorNodeUrl = net ? net.mirrorUrl : 'https://testnet.mirrornode.hedera.com';   // for createAgentKit's query tools

const balance = await new AccountBalanceQuery().setAccountId(client.operatorAccountId!).execute(client);
console.log(`operator ${client.operatorAccountId} holds ${balance.hbars}; mirror node ${mirrorNodeUrl}`);
if (net) await net.stop();   // closes the clients it made
else client.close();
