/** `hedera-agent-hooks/hooks`: the hook base class and the built-in hooks. */
export { AbstractHook } from './abstract-hook.js';
