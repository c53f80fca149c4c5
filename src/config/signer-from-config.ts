import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import { signerClient } from '../signer/client/signer-client.js';
import { ConfigError } from './config-error.js';
import type { AgentHooksConfig } from './config-schema.js';
import type { LoadedConfig } from './load-config.js';

/**
 * Makes the policy signer the configuration's `signer` names the operator of `client`: the token
 * comes from the file or, better, from the environment variable `tokenEnv` names.
 */
export async function signerFromConfig(signer: NonNullable<AgentHooksConfig['signer']>, client: Client, env: Readonly<Record<string, string | undefined>>, loaded: LoadedConfig): Promise<void> {
  const token = signer.token ?? env[signer.tokenEnv!];
  if (!token) throw new ConfigError(loaded.source, [`signer.tokenEnv: the environment variable ${signer.tokenEnv} is not set; set it to this agent's signer token`]);
  let ca: Buffer | undefined;
  if (signer.caFile !== undefined) {
    const file = path.resolve(loaded.baseDir, signer.caFile);
    try {
      ca = readFileSync(file);
    } catch (error) {
      throw new ConfigError(loaded.source, [`signer.caFile: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
    }
  }
  const waits = { ...(signer.timeoutMs !== undefined ? { timeoutMs: signer.timeoutMs } : {}), ...(signer.connectTimeoutMs !== undefined ? { connectTimeoutMs: signer.connectTimeoutMs } : {}) };
  await signerClient({ url: signer.url, token, client, ...(ca ? { ca } : {}), ...waits });
}
