import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createAgentKit, signerClient } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';

// A network and a treasury account; the treasury's key goes to the signer, never to the agent.
const net = await startDevnet();
const treasury = await net.createAccount({ hbar: 100 });

// Process 1, the signer: holds the key and signs only what its policies allow (here 5 HBAR a transaction).
writeFileSync('signer.config.json', JSON.stringify({
  network: 'local',
  local: { grpcAddress: net.grpcAddress, mirrorUrl: net.mirrorUrl },
  policies: [{ policy: 'MaxTransferPolicy', args: [{ hbar: 5 }] }],
}));
const token = `agent-1-${randomUUID()}`;
// (Run from the project's folder: the package installs the agent-hooks command in node_modules/.bin.)
const signer = spawn(process.execPath, ['node_modules/.bin/agent-hooks', 'signer', '--config', 'signer.config.json', '--account', treasury.accountId, '--key-env', 'TREASURY_KEY', '--port', '0'], {
  env: { ...process.env, TREASURY_KEY: treasury.privateKey.toStringDer(), AGENT_HOOKS_SIGNER_TOKENS: JSON.stringify({ 'agent-1': token }) },
  stdio: ['ignore', 'ignore', 'pipe'],
});
const url = await new Promise<string>((ready) => signer.stderr.on('data', (text) => { const served = /serving (\S+)/.exec(String(text)); if (served) ready(served[1]!); }));

// Process 2, the agent (this script, for the sample): a token and no key.
const client = await signerClient({ url, token });
const kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl });
const small = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 1 }] });
console.log(small.raw.status); // SUCCESS
const large = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 50 }] });
console.log(large.raw.errorCode, large.raw.submitted); // E_SIGNER_REFUSED false: the signer said no, nothing was sent

await kit.close();
client.close();
signer.kill();
await new Promise((stopped) => signer.once('exit', stopped));
await net.stop();
