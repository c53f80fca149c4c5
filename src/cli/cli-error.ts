/**
 * What every `--json` run that exits non-zero prints on stdout: one JSON document with an `error`
 * object. Commands whose output is itself a result (`call`, `audit verify`, `demo`) keep their
 * result's fields next to `error`, so a script can always read `.error.code` and `.error.exitCode`.
 *
 * - `code`: an `E_…` code (E_USAGE, E_CONFIG, E_NODE_UNREACHABLE, E_POLICY_BLOCKED, …), the Hedera
 *   status a ledger refusal carries (e.g. INVALID_ACCOUNT_ID), or UNKNOWN when a call's outcome
 *   could not be established;
 * - `message`: one line for people;
 * - `exitCode`: the process's exit code (1 failed, 2 usage or configuration, 3 blocked, 4 audit mismatch);
 * - `problems`: every problem, each naming its field, for E_CONFIG and E_AUDIT_MISMATCH;
 * - `source`: the configuration the problems are in, for E_CONFIG;
 * - `submitted`: false when the CLI knows nothing reached the network (E_NODE_UNREACHABLE, or a call
 *   whose result says `submitted: false`, e.g. refused at precheck).
 */
export interface CliErrorDocument {
  error: {
    code: string;
    message: string;
    exitCode: number;
    problems?: readonly string[];
    source?: string;
    submitted?: boolean;
  };
}

export type CliError = CliErrorDocument['error'];

/** Adds the `error` object to a failing command's result document (a no-op on success). */
export function withError<T extends object>(document: T, exitCode: number, error: Omit<CliError, 'exitCode'>): T | (T & CliErrorDocument) {
  if (exitCode === 0) return document;
  return { ...document, error: { ...error, exitCode } };
}
