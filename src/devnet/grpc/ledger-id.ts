/** Ledger id bytes of a local node (LedgerId.LOCAL_NODE), so SDK info objects parse it. */
export const LOCAL_LEDGER_ID = new Uint8Array([3]);
