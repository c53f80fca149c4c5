import { InvalidParamsError, isInvalidParamsError } from '../errors/index.js';

/** Placeholder tool name used until a normaliser knows which tool it serves; see {@link forTool}. */
const UNNAMED_TOOL = 'this tool';

/**
 * An invalid field found while normalising. It is an InvalidParamsError, so the runner reports it as
 * invalid input (`errorCode: 'E_INVALID_PARAMS'`, `issues: ['field: message']`) and nothing is built.
 *
 * @example
 * throw paramIssue('transfers[0].amount', 'has more than 8 decimal places; HBAR has 8', 'transfer_hbar_tool');
 */
export function paramIssue(field: string, message: string, tool: string = UNNAMED_TOOL): InvalidParamsError {
  return new InvalidParamsError(tool, [`${field}: ${message}`]);
}

/**
 * Runs a normalisation step and re-labels parameter issues raised by tool-agnostic helpers with the
 * tool's method name, so the message the LLM reads says which call was wrong.
 *
 * @example
 * normalizeParams(params, context, client) {
 *   return forTool(this.method, () => ({ amount: toSmallestUnits(params.amount, 2, 'amount') }));
 * }
 */
export async function forTool<T>(tool: string, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (isInvalidParamsError(error) && error.tool !== tool) throw new InvalidParamsError(tool, error.issues);
    throw error;
  }
}
