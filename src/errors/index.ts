/**
 * Errors and validation, the bottom of the package: the one table of codes and exit codes, the
 * error classes every layer raises, and the options validation that turns a zod schema's problems
 * into messages naming the field, what was given and what is accepted.
 */
export { ERROR_TABLE, ErrorCode, ExitCode, exitCodeOf, type ErrorRow } from './error-codes.js';
export {
  AgentHooksError,
  InvalidParamsError,
  UnknownToolError,
  argPathOf,
  asError,
  describeValue,
  invalidArgument,
  isAgentHooksError,
  isInvalidParamsError,
  messageOf,
  nothingSent,
  provesNothingSent,
} from './agent-hooks-error.js';
export { optionsError, parseArgs, parseOptions, pathText, SENTENCE, type ArgName, type ArgPath } from './option-schema.js';
