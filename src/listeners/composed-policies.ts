/** How deep compositions are followed: as deep as people write them; the bound keeps a cycle from running on. */
const MAX_DEPTH = 16;

/**
 * The objects among `values` and, depth first, those inside their compositions (allOf, anyOf, not:
 * a `policies` array), each in the order written: where the kit finds what its policies hold (an
 * approval store, a budget settled later) whether a policy is registered alone or combined.
 */
export function policiesWithin(values: readonly unknown[]): object[] {
  const found: object[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return;
    found.push(value);
    const children = (value as { policies?: unknown }).policies;
    if (Array.isArray(children)) for (const child of children) visit(child, depth + 1);
  };
  for (const value of values) visit(value, 0);
  return found;
}
