/** The EVM library and the code that drives it, loaded on first use (it takes a few hundred milliseconds). */
export type EvmRuntime = typeof import('./evm-runtime.js');

let loading: Promise<EvmRuntime> | undefined;

export function loadEvm(): Promise<EvmRuntime> {
  loading ??= import('./evm-runtime.js');
  return loading;
}
