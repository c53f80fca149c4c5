/** The LangChain adapter: a kit's tools as LangChain structured tools. */
// The kit resolves hooks through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
export { HederaLangchainToolkit, type LangchainToolkitOptions } from './langchain-toolkit.js';
export { KitStructuredTool, type KitToolOutput } from './kit-structured-tool.js';
export type { ResultData } from '../shared/result-data.js';
export { principalFieldsOf, type CallContextPicker, type CallContextOptions } from '../shared/call-context.js';
export type { KitConfiguration, KitFromConfigurationOptions } from '../../kit/kit-from-configuration.js';
