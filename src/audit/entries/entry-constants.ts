/** The `type` every audit entry carries, so a reader can tell our entries from anything else on a topic. */
export const AUDIT_ENTRY_TYPE = 'hedera-agent-hooks/audit-entry';
/** Bumped when a field changes meaning or becomes required; readers refuse versions they do not know. */
export const AUDIT_ENTRY_VERSION = 1;
