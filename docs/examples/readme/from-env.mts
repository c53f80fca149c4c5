import { createKitFromEnv } from 'hedera-agent-hooks';
import { MaxRecipientsPolicy } from 'hedera-agent-hooks/policies';

// HEDERA_NETWORK=testnet HEDERA_OPERATOR_ID=0.0.1234 HEDERA_OPERATOR_KEY=302e… node app.mjs
// With none of them set: a fresh embedded devnet and its operator.
const { kit, client, devnet, close } = await createKitFromEnv({ kit: { context: { hooks: [new MaxRecipientsPolicy(5)] } } });
console.log(devnet ? `embedded devnet, operator ${client.operatorAccountId}` : `operator ${client.operatorAccountId}`);

const balance = await kit.execute('get_hbar_balance_query_tool', {});
console.log(balance.humanMessage);
await close();   // the kit, the client, and the devnet if one was started
