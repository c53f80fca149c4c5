import path from 'node:path';

/** The compiled `agent-hooks` entry point, as `npm start` and the `bin` run it. */
export const CLI_MAIN = path.resolve(__dirname, '..', '..', '..', 'src', 'cli', 'main.js');

/** The parent's environment without operator variables, so runs do not depend on the developer's shell. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !name.startsWith('HEDERA_')) env[name] = value;
  return { ...env, ...extra };
}
