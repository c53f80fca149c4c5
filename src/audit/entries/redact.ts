// Moved to src/secrets/ so the approval records (src/policies/approvals/) render params the same way.
export { REDACTED, auditMessage, auditParams } from '../../secrets/audit-params.js';
