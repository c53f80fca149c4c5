/**
 * Everything text-like the ledger holds, read back through a mirror REST API as an outsider would:
 * every transaction (with its memo decoded), and for each topic, token and account created, its
 * info (memos, names, symbols, metadata) and its topic messages or NFTs, base64 fields decoded.
 */
export interface LedgerText {
  transactions: number;
  text: string;
}

async function get(mirrorUrl: string, path: string): Promise<any> {
  const response = await fetch(new URL(path, mirrorUrl));
  if (!response.ok) throw new Error(`mirror ${path}: HTTP ${response.status}`);
  return response.json();
}

async function all(mirrorUrl: string, first: string, field: string): Promise<any[]> {
  const items: any[] = [];
  for (let next: string | null = first; next; ) {
    const body = await get(mirrorUrl, next);
    items.push(...body[field]);
    next = body.links?.next ?? null;
  }
  return items;
}

/** Decodes the base64 fields the mirror uses for bytes (memos, messages, metadata) next to the originals. */
function decoded(value: unknown): string {
  return JSON.stringify(value, (key, item) =>
    typeof item === 'string' && /(^|_)(memo_base64|message|metadata)$/.test(key) ? `${item} ${Buffer.from(item, 'base64').toString('utf8')}` : item);
}

export async function ledgerText(mirrorUrl: string, accounts: readonly string[] = []): Promise<LedgerText> {
  const transactions = await all(mirrorUrl, '/api/v1/transactions?limit=100', 'transactions');
  const parts = [decoded(transactions)];
  const created = (name: string) => transactions.filter((tx) => tx.name === name && tx.entity_id).map((tx) => String(tx.entity_id));
  for (const topic of created('CONSENSUSCREATETOPIC')) {
    parts.push(decoded(await get(mirrorUrl, `/api/v1/topics/${topic}`)));
    parts.push(decoded(await all(mirrorUrl, `/api/v1/topics/${topic}/messages?limit=100`, 'messages')));
  }
  for (const token of created('TOKENCREATION')) {
    parts.push(decoded(await get(mirrorUrl, `/api/v1/tokens/${token}`)));
    parts.push(decoded(await all(mirrorUrl, `/api/v1/tokens/${token}/nfts?limit=100`, 'nfts')));
  }
  for (const account of [...created('CRYPTOCREATEACCOUNT'), ...accounts]) parts.push(decoded(await get(mirrorUrl, `/api/v1/accounts/${account}`)));
  return { transactions: transactions.length, text: parts.join('\n') };
}
