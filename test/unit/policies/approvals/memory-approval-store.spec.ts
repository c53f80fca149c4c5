import { MemoryApprovalStore } from '../../../../src/policies/approvals/index.js';
import { approvalStoreContract } from '../../../support/approval-store-contract.js';

describe('MemoryApprovalStore', () => {
  approvalStoreContract(() => new MemoryApprovalStore());
});
