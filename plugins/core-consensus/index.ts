import type { Plugin } from '../../src/authoring/index.js';
import { CreateTopicTool } from './create-topic-tool.js';
import { DeleteTopicTool } from './delete-topic-tool.js';
import { SubmitTopicMessageTool } from './submit-topic-message-tool.js';
import { UpdateTopicTool } from './update-topic-tool.js';

/** Consensus Service tools: create, update and delete topics, and post messages. */
const coreConsensusPlugin: Plugin = {
  name: 'core-consensus',
  version: '0.1.0',
  description: 'Hedera Consensus Service topic tools.',
  tools: () => [new CreateTopicTool(), new UpdateTopicTool(), new DeleteTopicTool(), new SubmitTopicMessageTool()],
};

export default coreConsensusPlugin;
