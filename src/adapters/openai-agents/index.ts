/** The OpenAI Agents SDK adapter: a kit's tools as Agents SDK function tools. */
// The kit resolves hooks through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
export { HederaAgentsToolkit, type AgentsToolkitOptions } from './agents-toolkit.js';
export { kitAgentsTool, type KitAgentsTool, type KitAgentsToolSettings } from './kit-agents-tool.js';
export { principalFieldsOf, type CallContextPicker, type CallContextOptions } from '../shared/call-context.js';
export type { KitConfiguration, KitFromConfigurationOptions } from '../../kit/kit-from-configuration.js';
