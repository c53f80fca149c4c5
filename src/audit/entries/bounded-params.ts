// Moved to src/secrets/ so the approval records (src/policies/approvals/) bound params the same way.
export { MAX_MESSAGE_CHARS, boundedParams, boundedText } from '../../secrets/bounded-params.js';
