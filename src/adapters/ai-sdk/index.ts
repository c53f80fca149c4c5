/** The Vercel AI SDK adapter: a kit's tools as AI SDK tools. */
// The kit resolves hooks through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
export { HederaAIToolkit, type AiSdkToolkitOptions, type KitAiSdkTools } from './ai-sdk-toolkit.js';
export { kitAiSdkTool, type KitAiSdkTool } from './kit-ai-sdk-tool.js';
export type { ResultData } from '../shared/result-data.js';
export { principalFieldsOf, type CallContextPicker, type CallContextOptions } from '../shared/call-context.js';
export type { KitConfiguration, KitFromConfigurationOptions } from '../../kit/kit-from-configuration.js';
