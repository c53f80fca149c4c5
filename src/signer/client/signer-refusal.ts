import { AgentHooksError, ErrorCode, nothingSent } from '../../errors/index.js';

/**
 * The policy signer refused to sign: thrown from inside the SDK's execute by the operator's
 * signing function, before anything was sent. Recognised by its code and reason (isSignerRefusal),
 * never by class, so a copy of this package in another build is recognised too.
 */
export function signerRefusal(reason: string): AgentHooksError & { readonly signerReason: string } {
  const error = nothingSent(new AgentHooksError(ErrorCode.SIGNER_REFUSED, `the policy signer refused to sign: ${reason}`));
  Object.defineProperty(error, 'signerReason', { value: reason, enumerable: true });
  return error as AgentHooksError & { readonly signerReason: string };
}
