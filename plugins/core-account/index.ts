import type { Plugin } from '../../src/authoring/index.js';
import { ApproveHbarAllowanceTool } from './approve-hbar-allowance-tool.js';
import { ApproveTokenAllowanceTool } from './approve-token-allowance-tool.js';
import { CreateAccountTool } from './create-account-tool.js';
import { DeleteAccountTool } from './delete-account-tool.js';
import { DeleteHbarAllowanceTool } from './delete-hbar-allowance-tool.js';
import { DeleteTokenAllowanceTool } from './delete-token-allowance-tool.js';
import { ScheduleDeleteTool } from './schedule-delete-tool.js';
import { SignScheduleTransactionTool } from './sign-schedule-transaction-tool.js';
import { TransferHbarTool } from './transfer-hbar-tool.js';
import { TransferHbarWithAllowanceTool } from './transfer-hbar-with-allowance-tool.js';
import { UpdateAccountTool } from './update-account-tool.js';

/** Account tools: HBAR transfers, allowances, account create/update/delete, and signing or deleting schedules. */
const coreAccountPlugin: Plugin = {
  name: 'core-account',
  version: '0.1.0',
  description: 'HBAR transfers, HBAR and token allowances, and account lifecycle tools.',
  tools: () => [
    new TransferHbarTool(),
    new TransferHbarWithAllowanceTool(),
    new ApproveHbarAllowanceTool(),
    new DeleteHbarAllowanceTool(),
    new CreateAccountTool(),
    new UpdateAccountTool(),
    new DeleteAccountTool(),
    new ApproveTokenAllowanceTool(),
    new DeleteTokenAllowanceTool(),
    new SignScheduleTransactionTool(),
    new ScheduleDeleteTool(),
  ],
};

export default coreAccountPlugin;
