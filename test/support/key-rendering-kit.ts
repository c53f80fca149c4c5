import { Client, PrivateKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import type { AgentKit } from '../../src/kit/agent-kit.js';
import { createAgentKit } from '../../src/kit/create-agent-kit.js';
import { BaseTool } from '../../src/lifecycle/base-tool.js';
import { pluginOf } from './noop-tools.js';

/** Stands for an SDK value whose string form holds text read from the ledger. */
class Rendered {
  constructor(private readonly text: string) {}
  toString() {
    return this.text;
  }
}

/** `reading_tool`: returns `{ memo }`, an object whose string form is `memo <text>`. */
class ReadingTool extends BaseTool {
  method = 'reading_tool';
  name = 'Reading';
  description = 'Returns what it read.';
  parameters = z.object({}).strict();
  constructor(private readonly text: string) {
    super();
  }
  normalizeParams() {
    return {};
  }
  coreAction() {
    return { memo: new Rendered(`memo ${this.text}`) };
  }
}

export interface KeyRenderingKit {
  kit: AgentKit;
  /** The operator's private key bytes in base64: what `reading_tool`'s result renders. */
  keyBase64: string;
  /** Closes the kit and its client. */
  close(): Promise<void>;
}

/**
 * An offline kit whose ECDSA operator key is what its one tool, `reading_tool`, reads back: for
 * the adapter tests that show no trace, stream or message carries the key.
 */
export async function keyRenderingKit(): Promise<KeyRenderingKit> {
  const key = PrivateKey.generateECDSA();
  const keyBase64 = Buffer.from(key.toBytesRaw()).toString('base64');
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', key);
  const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('reading', new ReadingTool(keyBase64))] });
  return {
    kit,
    keyBase64,
    close: async () => {
      await kit.close();
      client.close();
    },
  };
}
