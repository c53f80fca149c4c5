import { AgentHooksError, ErrorCode } from '../errors/index.js';

/** Stable codes for mirror failures, reported as a tool result's `errorCode` (defined with the rest in errors.ts). */
export const MirrorErrorCode = {
  NOT_FOUND: ErrorCode.MIRROR_NOT_FOUND,
  UNAVAILABLE: ErrorCode.MIRROR_UNAVAILABLE,
  BAD_RESPONSE: ErrorCode.MIRROR_BAD_RESPONSE,
  NOT_CONFIGURED: ErrorCode.MIRROR_NOT_CONFIGURED,
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
    super(code, message, options);
  }
}
