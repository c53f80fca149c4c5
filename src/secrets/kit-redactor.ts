import { KeyRedactor } from './key-redactor.js';

/**
 * The redactor of one kit, read once when the kit is created: the operator key of each client the
 * kit is given (recognised by its public key, which is all the SDK Client exposes) and the bytes of
 * every key in `secretKeys` (so pieces of them are cut too). Audit hooks add their own client later.
 *
 * @example
 * const redactor = kitRedactor([client], [operatorKey], 'createAgentKit: secretKeys');
 */
export function kitRedactor(clients: readonly unknown[], secretKeys: readonly unknown[] | undefined, label: string): KeyRedactor {
  const redactor = new KeyRedactor();
  for (const client of clients) redactor.protectClient(client);
  (secretKeys ?? []).forEach((secret, at) => redactor.protectKey(secret, `${label}[${at}]`));
  return redactor;
}
