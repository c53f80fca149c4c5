/** The LangChain adapter: a kit's tools as LangChain structured tools. */
export { HederaLangchainToolkit, type LangchainToolkitOptions } from './langchain-toolkit.js';
export { KitStructuredTool } from './kit-structured-tool.js';
