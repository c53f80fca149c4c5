import { loadPlugins } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { HederaLangchainToolkit } from 'hedera-agent-hooks/langchain';
import { MaxRecipientsPolicy } from 'hedera-agent-hooks/policies';

const net = await startDevnet();
const plugins = (await loadPlugins()).map(({ plugin }) => plugin);
const toolkit = new HederaLangchainToolkit({
  client: net.client(),
  configuration: { plugins, tools: ['transfer_hbar_tool'], context: { hooks: [new MaxRecipientsPolicy(5)] } },
});
const tools = toolkit.getTools();   // toolkit.kit is the kit it built from the configuration
console.log(tools.map((tool) => `${tool.name}: ${tool.description.split('.')[0]}`));
await toolkit.kit.close();
await net.stop();
