import { remove as latinLookAlikes } from 'confusables';

/**
 * The name a policy's tool entry is taken to mean, for catching entries that look like a loaded tool
 * but are not it: Unicode compatibility forms folded (NFKC), invisible characters dropped (zero-width
 * spaces, joiners, soft hyphens), look-alike letters from other scripts mapped to Latin (Cyrillic "а"
 * for "a"), camelCase split, case and separators (`-`, spaces, dots) unified, and a trailing "tool"
 * dropped. `deleteAccountTool`, `Delete-Account`, `dеlete_account_tool` (Cyrillic е) and
 * `delete\u200B_account_tool` all come out as `deleteaccount`.
 */
export function canonicalToolName(name: string): string {
  const visible = name.normalize('NFKC').replace(/\p{Default_Ignorable_Code_Point}/gu, '');
  return latinLookAlikes(visible)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_?tool$/, '')
    // Separators go last: "TRANSFERHBAR" and "transfer_hbar" are the same name.
    .replace(/_/g, '');
}
