import { expect } from 'chai';
import { AgentHooksError, ErrorCode } from '../../src/errors/index.js';

/**
 * The INVALID_ARGUMENT error a kit entry point refuses its options with. A kit made after all is
 * closed (the test then fails on the missing error, not on a leaked kit).
 */
export async function optionRefusal(made: Promise<unknown>): Promise<AgentHooksError> {
  const error = await made.then(
    (result) => {
      void (result as { close?: () => Promise<void> }).close?.();
      return undefined;
    },
    (thrown: unknown) => thrown,
  );
  expect(error).to.be.instanceOf(AgentHooksError);
  expect((error as AgentHooksError).code).to.equal(ErrorCode.INVALID_ARGUMENT);
  return error as AgentHooksError;
}
