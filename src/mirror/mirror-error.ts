import { AgentHooksError, type ErrorCode } from '../lifecycle/errors.js';

/** Stable codes for mirror failures, reported as a tool result's `errorCode`. */
export const MirrorErrorCode = {
  NOT_FOUND: 'E_MIRROR_NOT_FOUND',
  UNAVAILABLE: 'E_MIRROR_UNAVAILABLE',
  BAD_RESPONSE: 'E_MIRROR_BAD_RESPONSE',
  NOT_CONFIGURED: 'E_MIRROR_NOT_CONFIGURED',
} as const;
export type MirrorErrorCode = (typeof MirrorErrorCode)[keyof typeof MirrorErrorCode];

/**
 * A mirror node request that did not produce the expected body. `httpStatus` is the HTTP status
 * when there was a response. The message names the path, never credentials or keys.
 */
export class MirrorError extends AgentHooksError {
  constructor(
    code: MirrorErrorCode,
    message: string,
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    // The engine's ErrorCode lists its own codes; mirror codes extend that set for this module.
    super(code as unknown as ErrorCode, message, options);
  }
}
