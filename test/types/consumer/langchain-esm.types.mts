// An ES module importing the LangChain adapter, as most LangChain apps are. @langchain/core ships
// separate declarations for import and require; the adapter's tools must be assignable to the
// import-side types that LangChain's own ESM functions (createAgent, bindTools) expect.
import type { StructuredToolInterface } from '@langchain/core/tools';
import { HederaLangchainToolkit, KitStructuredTool } from 'hedera-agent-hooks/langchain';

export function toolsForAnEsmAgent(toolkit: HederaLangchainToolkit): StructuredToolInterface[] {
  const tools: StructuredToolInterface[] = toolkit.getTools();
  const one: StructuredToolInterface = tools[0] as KitStructuredTool;
  return [...tools, one];
}
