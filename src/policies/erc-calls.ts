/**
 * The ERC-20 and ERC-721 calls the EVM tools send (`transfer_erc20_tool`, `transfer_erc721_tool`,
 * `mint_erc721_tool`), read back from their ABI-encoded `functionParameters`: what executes is those
 * bytes, so the value policies judge them rather than any other field of the params.
 */

/** The first 4 bytes of keccak-256 of each signature (test/unit/policies/erc-calls.spec.ts checks them). */
export const ERC_CALL_SELECTORS = Object.freeze({
  /** `transfer(address,uint256)` (ERC-20) */
  transfer: 'a9059cbb',
  /** `transferFrom(address,address,uint256)` (ERC-721; ERC-20 has it too) */
  transferFrom: '23b872dd',
  /** `safeMint(address)` (the ERC-721 factories' collections) */
  safeMint: '40d097c3',
});

export type ErcCall =
  | { kind: 'transfer'; to: string; amount: bigint }
  | { kind: 'transferFrom'; from: string; to: string; tokenId: bigint }
  | { kind: 'safeMint'; to: string };

const WORDS = { transfer: 2, transferFrom: 3, safeMint: 1 } as const;

/**
 * Decodes the call `kind` from its calldata (a Uint8Array, or hex with or without 0x). Addresses come
 * back as `0x` + 40 lower-case hex digits, numbers as bigint. Anything else, another function or
 * malformed words, throws: a value policy that cannot read a call blocks it.
 *
 * @example
 * decodeErcCall(params.functionParameters, 'transfer'); // { kind: 'transfer', to: '0x…03e9', amount: 1500n }
 */
export function decodeErcCall<K extends ErcCall['kind']>(calldata: unknown, kind: K, field = 'functionParameters'): Extract<ErcCall, { kind: K }> {
  const hex = hexOf(calldata, field);
  const selector = hex.slice(0, 8);
  if (selector !== ERC_CALL_SELECTORS[kind]) {
    throw new Error(`${field}: the call is not ${kind} (selector 0x${ERC_CALL_SELECTORS[kind]}) but selector 0x${selector || '(none)'}, so what it moves cannot be read`);
  }
  const words = hex.slice(8);
  if (words.length !== WORDS[kind] * 64) throw new Error(`${field}: ${kind} takes ${WORDS[kind]} ABI words, the call has ${words.length / 64}`);
  const word = (at: number) => words.slice(at * 64, at * 64 + 64);
  const address = (at: number) => {
    const text = word(at);
    if (!/^0{24}/.test(text)) throw new Error(`${field}: argument ${at + 1} of ${kind} is not an address (its 12 high bytes are not zero)`);
    return `0x${text.slice(24)}`;
  };
  const number = (at: number) => BigInt(`0x${word(at)}`);
  const decoded: ErcCall =
    kind === 'transfer' ? { kind, to: address(0), amount: number(1) }
      : kind === 'transferFrom' ? { kind, from: address(0), to: address(1), tokenId: number(2) }
        : { kind: 'safeMint', to: address(0) };
  return decoded as Extract<ErcCall, { kind: K }>;
}

function hexOf(calldata: unknown, field: string): string {
  if (calldata instanceof Uint8Array) return Buffer.from(calldata.buffer, calldata.byteOffset, calldata.byteLength).toString('hex');
  if (typeof calldata === 'string' && /^(0x)?([0-9a-fA-F]{2})*$/.test(calldata)) return calldata.replace(/^0x/, '').toLowerCase();
  throw new Error(`${field}: expected the ABI-encoded call as bytes, got ${calldata === null ? 'null' : typeof calldata}, so what the call moves cannot be read`);
}
